import path from "node:path"
import type { Browser, Page } from "playwright-core"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { signUp } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "invitations-profile")

let server: AppServer
let browser: Browser
let inviter: Page
let invitee: Page
let code = ""
const inviterEmail = `inviter-${Date.now()}@example.com`
const pageErrors: string[] = []

const shootBoth = (page: Page, name: string) => shootBothSizes(page, shotsDir, name)

async function newUser(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  const page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, email)
  return page
}

/** The role the server's session says the page's user has. */
const roleOf = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch("/better-auth/get-session", { credentials: "include" })
    return ((await res.json()) as { role?: string } | null)?.role
  })

beforeAll(async () => {
  server = await startAppServer()
  browser = await launchBrowser()
  inviter = await newUser(inviterEmail)
  invitee = await newUser(`invitee-${Date.now()}@example.com`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe("invitations", () => {
  it("are made on settings › invitations and listed with a copy button", async () => {
    await inviter.goto(`${server.origin}/settings/invitations`)
    await inviter.getByTestId("invitation-empty").waitFor()
    expect(await inviter.getByTestId("invitation-allowance").textContent()).toBe("You can create 5 more codes.")
    await inviter.getByTestId("invitation-create").click()
    const row = inviter.getByTestId("invitation-row")
    await row.waitFor()
    code = (await row.getAttribute("data-code")) ?? ""
    expect(code).toMatch(/^[2-9A-Z]{10}$/)
    expect(await row.getByTestId("invitation-status").textContent()).toMatch(/^Not used yet/)
    await expect
      .poll(() => inviter.getByTestId("invitation-allowance").textContent())
      .toBe("You can create 4 more codes.")
    expect(await row.getByRole("button", { name: `Copy code ${code}` }).isVisible()).toBe(true)
    expect(await shootBoth(inviter, "settings-invitations")).toEqual([])
  })

  it("are refused to a trial user in the catalogue's words", async () => {
    await invitee.goto(`${server.origin}/settings/invitations`)
    await invitee.getByTestId("invitation-empty").waitFor()
    expect(await invitee.getByTestId("invitation-allowance").textContent()).toBe("You can create 0 more codes.")
    await invitee.getByTestId("invitation-create").click()
    const alert = invitee.getByTestId("invitation-error")
    await alert.waitFor()
    expect(await alert.textContent()).toBe("Trial user no permission")
  })

  it("explain a wrong code on /invitation, and a right one makes the user pro and opens the timeline", async () => {
    expect(await roleOf(invitee)).toBe("trial")
    await invitee.goto(`${server.origin}/invitation`)
    await invitee.getByTestId("invitation-form").waitFor()
    expect(await invitee.getByTestId("invitation-has-pro").count()).toBe(0)
    await invitee.getByTestId("invitation-submit").click()
    expect(await invitee.getByTestId("invitation-form").getByRole("alert").textContent()).toBe(
      "Enter the code you were given.",
    )
    await invitee.getByTestId("invitation-code").fill("ZZZZZZZZZZ")
    await invitee.getByTestId("invitation-submit").click()
    await expect
      .poll(() => invitee.getByTestId("invitation-form").getByRole("alert").textContent())
      .toBe("Invitation code does not exist.")
    expect(new URL(invitee.url()).pathname).toBe("/invitation")
    expect(await shootBoth(invitee, "invitation")).toEqual([])

    await invitee.getByTestId("invitation-code").fill(code.toLowerCase())
    await invitee.getByTestId("invitation-submit").click()
    await invitee.waitForURL(/\/timeline\//)
    expect(await roleOf(invitee)).toBe("pro")
    // The app's session was fetched again: back on /invitation it knows the account is pro now.
    await invitee.evaluate(() => {
      history.pushState(null, "", "/invitation")
      dispatchEvent(new PopStateEvent("popstate"))
    })
    await invitee.getByTestId("invitation-has-pro").waitFor()
    // Pro users may invite: the page now offers the full allowance.
    await invitee.goto(`${server.origin}/settings/invitations`)
    await expect
      .poll(() => invitee.getByTestId("invitation-allowance").textContent())
      .toBe("You can create 5 more codes.")
  })

  it("show the inviter who used a code, and a spent code is refused to others", async () => {
    await inviter.reload()
    const row = inviter.locator(`[data-testid="invitation-row"][data-code="${code}"]`)
    await expect.poll(() => row.getByTestId("invitation-status").textContent()).toMatch(/^Used by Kim Keys on /)
    expect(await row.getByRole("button").count()).toBe(0)

    const third = await newUser(`third-${Date.now()}@example.com`)
    await third.goto(`${server.origin}/invitation`)
    await third.getByTestId("invitation-code").fill(code)
    await third.getByTestId("invitation-submit").click()
    await expect
      .poll(() => third.getByTestId("invitation-form").getByRole("alert").textContent())
      .toBe("Invitation code already used.")
    expect(await roleOf(third)).toBe("trial")
    expect(pageErrors).toEqual([])
  })
})

describe("profile", () => {
  it("checks fields beside themselves, saves through update-user, and shows the edit after a reload and publicly", async () => {
    const handle = `kim${Date.now().toString(36)}`
    await inviter.goto(`${server.origin}/settings/profile`)
    await inviter.getByTestId("profile-form").waitFor()
    expect(await inviter.getByTestId("profile-name").inputValue()).toBe("Kim Keys")
    await inviter.getByTestId("profile-handle").fill("a b")
    await inviter.getByTestId("profile-website").fill("ftp://files.example.test")
    await inviter.getByTestId("profile-save").click()
    expect(await inviter.getByTestId("profile-handle").getAttribute("aria-invalid")).toBe("true")
    expect(await inviter.getByTestId("profile-website").getAttribute("aria-invalid")).toBe("true")
    expect(await inviter.getByTestId("profile-status").textContent()).toBe("Fix the marked fields to save.")
    expect(await shootBoth(inviter, "settings-profile-invalid")).toEqual([])

    await inviter.getByTestId("profile-name").fill("Kim Inviter")
    await inviter.getByTestId("profile-handle").fill(handle)
    await inviter.getByTestId("profile-bio").fill("Reads feeds before breakfast.")
    // Unsaved text survives the window crossing the phone breakpoint and back (the page is not remounted).
    await inviter.setViewportSize({ width: 390, height: 844 })
    await inviter.locator('[data-layout="settings-mobile"]').waitFor()
    expect(await inviter.getByTestId("profile-bio").inputValue()).toBe("Reads feeds before breakfast.")
    await inviter.setViewportSize({ width: 1280, height: 800 })
    await inviter.locator('[data-layout="settings-desktop"]').waitFor()
    expect(await inviter.getByTestId("profile-name").inputValue()).toBe("Kim Inviter")
    await inviter.getByTestId("profile-website").fill("https://kim.example.test")
    await inviter.getByTestId("profile-social-github").fill("kimkeys")
    await inviter.getByTestId("profile-save").click()
    await expect.poll(() => inviter.getByTestId("profile-status").textContent()).toBe("Profile saved.")

    await inviter.reload()
    await inviter.getByTestId("profile-form").waitFor()
    expect(await inviter.getByTestId("profile-name").inputValue()).toBe("Kim Inviter")
    expect(await inviter.getByTestId("profile-handle").inputValue()).toBe(handle)
    expect(await inviter.getByTestId("profile-bio").inputValue()).toBe("Reads feeds before breakfast.")
    expect(await inviter.getByTestId("profile-social-github").inputValue()).toBe("kimkeys")
    expect(await shootBoth(inviter, "settings-profile")).toEqual([])

    // Another user sees the public profile, without the e-mail address.
    const publicProfile = await invitee.evaluate(async (h) => (await fetch(`/profiles?handle=${h}`)).json(), handle)
    expect(publicProfile.data).toMatchObject({
      name: "Kim Inviter",
      handle,
      bio: "Reads feeds before breakfast.",
      website: "https://kim.example.test",
      socialLinks: { github: "kimkeys" },
    })
    expect(publicProfile.data.email).toBeUndefined()

    // A handle someone else holds is refused by the server, and the message shows in place.
    await invitee.goto(`${server.origin}/settings/profile`)
    await invitee.getByTestId("profile-handle").fill(handle.toUpperCase())
    await invitee.getByTestId("profile-save").click()
    await expect.poll(() => invitee.getByTestId("profile-error").textContent()).toContain("already taken")
    expect(pageErrors).toEqual([])
  })

  it("uploads an avatar from a file, saved at once and shown to others; a file that is no picture is refused", async () => {
    await inviter.goto(`${server.origin}/settings/profile`)
    await inviter.getByTestId("profile-form").waitFor()
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#2f6f8f" } })
      .png()
      .toBuffer()
    await inviter
      .getByTestId("profile-upload-input")
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture })
    await expect
      .poll(() => inviter.getByTestId("profile-upload-status").textContent())
      .toBe("Picture uploaded and saved.")
    const url = await inviter.getByTestId("profile-image").inputValue()
    expect(url).toMatch(new RegExp(`^${server.origin}/upload/avatar/[\\w-]{22}\\.webp$`))
    // The preview shows the server's square copy.
    await expect
      .poll(() =>
        inviter
          .getByTestId("profile-image-preview")
          .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
      )
      .toEqual([512, 512])
    expect(await shootBoth(inviter, "settings-profile-avatar")).toEqual([])

    // Saved, not only typed in: after a reload, and in the public profile another user reads.
    await inviter.reload()
    await inviter.getByTestId("profile-form").waitFor()
    expect(await inviter.getByTestId("profile-image").inputValue()).toBe(url)
    const me = await inviter.evaluate(async () => (await (await fetch("/better-auth/get-session")).json()).user.id)
    const publicProfile = await invitee.evaluate(async (id) => (await fetch(`/profiles?id=${id}`)).json(), me)
    expect(publicProfile.data.image).toBe(url)

    // A script named .png is not a picture: refused in place, the saved avatar kept.
    await inviter
      .getByTestId("profile-upload-input")
      .setInputFiles({ name: "pic.png", mimeType: "image/png", buffer: Buffer.from("<script>alert(1)</script>") })
    await expect.poll(() => inviter.getByTestId("profile-upload-status").textContent()).toBe("Invalid file")
    expect(await inviter.getByTestId("profile-image").inputValue()).toBe(url)
    expect(pageErrors).toEqual([])
  })

  it("lists where the account is signed in, this device marked, and signs another one out", async () => {
    const elsewhere = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const other = await elsewhere.newPage()
    await other.goto(`${server.origin}/login`)
    await other.getByTestId("login-email").fill(inviterEmail)
    await other.getByTestId("login-password").fill("correct-horse-battery")
    await other.getByTestId("login-submit").click()
    await other.waitForURL(/\/timeline\//)

    await inviter.goto(`${server.origin}/settings/profile`)
    const rows = inviter.getByTestId("session-row")
    await expect.poll(() => rows.count()).toBe(2)
    expect(await inviter.locator('[data-testid="session-row"][data-current="true"]').textContent()).toContain(
      "This device",
    )
    await inviter.locator('[data-testid="session-row"][data-current="false"]').getByTestId("session-revoke").click()
    await expect.poll(() => rows.count()).toBe(1)
    expect(await roleOf(other)).toBeUndefined()
    expect(await roleOf(inviter)).toBe("admin")
    await elsewhere.close()
  })

  it("changes the password only with the current one", async () => {
    expect(await inviter.getByTestId("account-email").textContent()).toContain(inviterEmail)
    await inviter.getByTestId("password-current").fill("wrong-password")
    await inviter.getByTestId("password-new").fill("short")
    await inviter.getByTestId("password-submit").click()
    expect(await inviter.getByTestId("password-new").getAttribute("aria-invalid")).toBe("true")
    await inviter.getByTestId("password-new").fill("a-new-long-password")
    await inviter.getByTestId("password-submit").click()
    // Checking a password hashes it (scrypt): on a busy machine that alone can take longer than a poll's default second.
    await expect
      .poll(() => inviter.getByTestId("password-status").textContent(), { timeout: 10_000 })
      .toBe("The password is not correct.")
    await inviter.getByTestId("password-current").fill("correct-horse-battery")
    await inviter.getByTestId("password-submit").click()
    await expect
      .poll(() => inviter.getByTestId("password-status").textContent(), { timeout: 10_000 })
      .toBe("Password changed.")
    const signIn = (password: string) =>
      inviter.evaluate(
        async ([email, pw]) =>
          (
            await fetch("/better-auth/sign-in/email", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ email, password: pw }),
            })
          ).status,
        [inviterEmail, password],
      )
    expect(await signIn("a-new-long-password")).toBe(200)
    expect(await signIn("correct-horse-battery")).toBe(401)
    expect(await shootBoth(inviter, "settings-profile-security")).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
