// Settings › notifications in a real Chromium: the permission as the browser has it, push support, the choices kept
// on this device, Web Push on / off for this browser, and "send a test notification" reaching the server, which
// pushes (encrypted, VAPID-signed) to a loopback push service this test starts. Headless Chromium has no push
// service of its own (pushManager.subscribe needs Google's, out of reach here), so the real subscription may fail:
// the page must then say so, and the test-notification call is checked with a subscription registered for the
// user directly (what a browser with a push service would register). The service worker's push and click handlers
// are not exercised: headless Chromium's notification permission reads "denied" inside the page and the worker
// whatever the site settings say, so showNotification refuses (tried with DevTools' deliverPushMessage).
import { createECDH, randomBytes } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"
import path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppServer, startAppServer } from "./support/app-server.ts"
import { launchBrowser } from "./support/browser.ts"
import { screenshotsRoot, shootBothSizes } from "./support/evidence.ts"
import { signUp } from "./support/shell-kit.ts"

const shotsDir = path.join(screenshotsRoot, "notifications")

let server: AppServer
let browser: Browser
let context: BrowserContext
let page: Page
let pushService: http.Server
let pushOrigin = ""
const pushed: { path: string; encoding?: string; authorization?: string; bytes: number }[] = []
const pageErrors: string[] = []

beforeAll(async () => {
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      pushed.push({
        path: req.url ?? "/",
        encoding: req.headers["content-encoding"],
        authorization: req.headers.authorization,
        bytes: Buffer.concat(chunks).length,
      })
      res.writeHead(201).end()
    })
  })
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve))
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`
  server = await startAppServer()
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" })
  page = await context.newPage()
  page.on("pageerror", (error) => pageErrors.push(error.message))
  await signUp(page, server.origin, `notifications-${Date.now()}@example.com`)
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await new Promise<void>((resolve) => (pushService ? pushService.close(() => resolve()) : resolve()))
})

const byTestId = (id: string) => page.getByTestId(id)

/** The site setting for notifications, as a user answering the browser's prompt would leave it. */
async function setNotificationPermission(owner: BrowserContext, on: Page, setting: "granted" | "denied") {
  const cdp = await owner.newCDPSession(on)
  const { targetInfo } = await cdp.send("Target.getTargetInfo")
  await cdp.send("Browser.setPermission", {
    permission: { name: "notifications" },
    setting,
    origin: server.origin,
    browserContextId: targetInfo.browserContextId,
  })
}

describe("settings › notifications", () => {
  it("shows the permission as the browser has it (not asked, allowed, blocked), push support and the choices", async () => {
    await page.goto(`${server.origin}/settings/notifications`)
    const state = byTestId("notification-permission-state")
    // The state once the Permissions API has answered (headless Chromium's Notification.permission is always "denied").
    const settled = async () => {
      await page.locator('[data-testid="notification-permission-state"][data-watched="true"]').waitFor()
      return state.getAttribute("data-state")
    }
    expect(await settled()).toBe("default")
    expect(await state.textContent()).toBe("Not asked yet")
    expect(await byTestId("notification-ask").textContent()).toBe("Allow notifications")
    const push = await page.evaluate(() => "serviceWorker" in navigator && "PushManager" in window)
    expect(await byTestId("notification-push-state").getAttribute("data-state")).toBe(
      push ? "supported" : "unsupported",
    )
    expect(await byTestId("web-push-toggle").textContent()).toContain("Web Push on this browser")
    expect(await shootBothSizes(page, shotsDir, "notifications-default")).toEqual([])

    await context.grantPermissions(["notifications"], { origin: server.origin })
    await page.reload()
    expect(await settled()).toBe("granted")
    expect(await state.textContent()).toBe("Allowed")
    expect(await byTestId("notification-ask").count()).toBe(0)
    expect(await byTestId("notification-permission").textContent()).toContain("block notifications for this site")

    // Blocked, as a user who answered "Block" leaves it: the page says where to change it.
    await setNotificationPermission(context, page, "denied")
    await page.reload()
    expect(await settled()).toBe("denied")
    expect(await state.textContent()).toBe("Blocked")
    expect(await byTestId("notification-permission").textContent()).toContain("set Notifications to Allow")
    expect(await byTestId("notification-ask").count()).toBe(0)

    // The choices are kept on this device, with a copy the service worker reads when a push comes
    // (sw/push-choices.ts decides; its unit test covers each case).
    const workerCopy = () =>
      page.evaluate(async () => {
        const found = await (await caches.open("tidings-device")).match("/__tidings/notification-choices.json")
        return found ? await found.json() : null
      })
    const kind = byTestId("notification-kind-inboxEntries").getByRole("switch")
    expect(await kind.getAttribute("aria-checked")).toBe("false")
    await kind.click()
    await expect.poll(workerCopy).toEqual({ kinds: { newEntries: true, inboxEntries: true }, onlyWhenHidden: true })
    await page.reload()
    expect(await kind.getAttribute("aria-checked")).toBe("true")
    expect(await shootBothSizes(page, shotsDir, "notifications-denied")).toEqual([])
    expect(pageErrors).toEqual([])
  })
})

describe("settings › notifications › Web Push", () => {
  it("turns Web Push on (or says why not) and off, and the test notification reaches the user's devices", async () => {
    // Allowed (the test before left it blocked through the same call).
    await setNotificationPermission(context, page, "granted")
    await page.goto(`${server.origin}/settings/notifications`)
    // The service worker must be running for a subscription (the built app registers it at start).
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    const toggle = byTestId("web-push-toggle").getByRole("switch")
    await page.locator('[data-testid="web-push-toggle"] [role="switch"]:not([disabled])').waitFor()
    expect(await toggle.getAttribute("aria-checked")).toBe("false")

    // Nothing registered yet: the server says so through the page.
    await byTestId("web-push-test-send").click()
    await page.getByText("No device of yours receives Web Push yet").waitFor()

    await toggle.click()
    // Either the browser's push service answered (the switch is on, the subscription registered) or the page says
    // why not; headless Chromium here has no reachable push service.
    await page
      .locator(
        '[data-testid="web-push-toggle"] [role="switch"][aria-checked="true"]:not([disabled]), [data-testid="web-push-problem"]',
      )
      .first()
      .waitFor({ timeout: 20_000 })
    const subscribed = (await toggle.getAttribute("aria-checked")) === "true"
    console.info(`[notifications e2e] real push subscription in this Chromium: ${subscribed ? "made" : "refused"}`)
    if (subscribed) {
      const devices = await page.evaluate(async () => (await (await fetch("/messaging")).json()).data.length)
      expect(devices).toBe(1)
      // Off again before the test push: the real subscription's endpoint is on the internet, out of reach here.
      await toggle.click()
      await page
        .locator('[data-testid="web-push-toggle"] [role="switch"][aria-checked="false"]:not([disabled])')
        .waitFor()
      expect(await page.evaluate(async () => (await (await fetch("/messaging")).json()).data.length)).toBe(0)
    } else {
      expect(await byTestId("web-push-problem").textContent()).toContain("could not be turned on")
    }
    expect(await shootBothSizes(page, shotsDir, "web-push")).toEqual([])

    // A subscription as a browser with a push service registers it, pointing at this test's push service.
    const ecdh = createECDH("prime256v1")
    ecdh.generateKeys()
    const token = JSON.stringify({
      endpoint: `${pushOrigin}/device/1`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    })
    const status = await page.evaluate(
      async (body) =>
        (await fetch("/messaging", { method: "POST", headers: { "content-type": "application/json" }, body })).status,
      JSON.stringify({ token, channel: "web" }),
    )
    expect(status).toBe(200)
    await byTestId("web-push-test-send").click()
    await page.getByText("Sent to 1 device.").waitFor()
    expect(pushed).toHaveLength(1)
    expect(pushed[0]).toMatchObject({ path: "/device/1", encoding: "aes128gcm" })
    expect(pushed[0]!.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=B[\w-]{86}$/)
    expect(pushed[0]!.bytes).toBeGreaterThan(86)
    expect(await shootBothSizes(page, shotsDir, "web-push-test-sent")).toEqual([])
    expect(pageErrors).toEqual([])
  })
})

describe("start-up", () => {
  it("registers the browser's push subscription after start-up once notifications are allowed, never asking", async () => {
    const own = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const ecdh = createECDH("prime256v1")
    ecdh.generateKeys()
    const subscription = {
      endpoint: `${pushOrigin}/device/startup`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    }
    // Headless Chromium's push service is out of reach: the page's PushManager hands out a subscription at this
    // test's loopback push service instead, as Chromium's would. What the app does with it is its own code.
    await own.addInitScript((json) => {
      const w = window as unknown as { __permissionAsked: number }
      w.__permissionAsked = 0
      Notification.requestPermission = async () => {
        w.__permissionAsked++
        return "default"
      }
      let current: unknown = null
      PushManager.prototype.getSubscription = async () => current as PushSubscription | null
      PushManager.prototype.subscribe = async (options) => {
        const key = options?.applicationServerKey as Uint8Array
        current = {
          ...json,
          options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
          toJSON: () => json,
          unsubscribe: async () => {
            current = null
            return true
          },
        }
        return current as PushSubscription
      }
    }, subscription)
    const reader = await own.newPage()
    reader.on("pageerror", (error) => pageErrors.push(error.message))
    try {
      await signUp(reader, server.origin, `startup-push-${Date.now()}@example.com`)
      const devices = () =>
        reader.evaluate(async () => ((await (await fetch("/messaging")).json()).data as { token: string }[]).length)
      await reader.goto(`${server.origin}/timeline/view-0/all/pending`)
      await reader.evaluate(async () => {
        await navigator.serviceWorker.ready
      })
      // Notifications not allowed: a start with the worker running registers nothing, and asks nothing.
      await reader.reload()
      await reader.waitForFunction(() => navigator.serviceWorker.controller !== null)
      await reader.waitForTimeout(5000)
      expect(await devices()).toBe(0)
      expect(await reader.evaluate(() => (window as unknown as { __permissionAsked: number }).__permissionAsked)).toBe(
        0,
      )

      await setNotificationPermission(own, reader, "granted")
      // Allowed: the next start subscribes and registers this browser with the server, once.
      await reader.reload()
      await expect.poll(devices, { timeout: 20_000 }).toBe(1)
      const [registered] = await reader.evaluate(
        async () => (await (await fetch("/messaging")).json()).data as { token: string }[],
      )
      expect(JSON.parse(registered?.token ?? "{}")).toMatchObject({ endpoint: `${pushOrigin}/device/startup` })
      const posts: string[] = []
      reader.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === "/messaging") posts.push(request.url())
      })
      await reader.reload()
      await reader.waitForTimeout(5000)
      expect(posts).toEqual([])
      expect(await devices()).toBe(1)
    } finally {
      await own.close()
    }
  })
})
