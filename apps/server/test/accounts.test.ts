// Account calls over HTTP against the real server, each beside a second user whose account must not move:
// two-factor (TOTP with codes computed here, mailed codes through a loopback SMTP server, backup codes; 4007 / 4008),
// change e-mail through the mailed link, linked accounts, one-time tokens, account info, subscription/restore, and
// deleting an account with everything of its own in one go.
import { randomUUID } from "node:crypto"
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { account, aiChatMessages, aiChatSessions } from "../src/storage/schema.ts"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { linkIn, readMail } from "./support/mail-text.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { type SmtpStub, startSmtpStub } from "./support/smtp-server.ts"
import { secretOf, totp } from "./support/totp.ts"
import { apiAs, signUp } from "./support/users.ts"

const PASSWORD = "correct horse battery"

let server: TestServer
let smtp: SmtpStub
let feeds: FeedServer

beforeAll(async () => {
  ;[smtp, feeds] = await Promise.all([startSmtpStub(), startFeedServer()])
  server = await startTestServer({
    SMTP_URL: smtp.url,
    GITHUB_CLIENT_ID: "gh-client-id",
    GITHUB_CLIENT_SECRET: "gh-client-secret",
  })
})
afterAll(async () => {
  await server?.close()
  await smtp?.close()
  await feeds?.close()
})

/** A browser-like caller: keeps the cookies better-auth sets (session, two-factor challenge, trusted device). */
function browserAs() {
  const jar = new Map<string, string>()
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      redirect: "manual",
      headers: {
        origin: server.url,
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";")
      const [name, ...value] = pair!.split("=")
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()))
      if (expired || value.join("=") === "") jar.delete(name!.trim())
      else jar.set(name!.trim(), value.join("="))
    }
    const text = await res.text()
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
    let json: any = text
    try {
      json = JSON.parse(text)
    } catch {}
    return { status: res.status, body: json, headers: res.headers }
  }
  return { call, jar, session: async () => (await call("GET", "/better-auth/get-session")).body }
}

async function signedUpBrowser(name: string) {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`
  const b = browserAs()
  const res = await b.call("POST", "/better-auth/sign-up/email", { email, password: PASSWORD, name })
  expect(res.status).toBe(200)
  return { ...b, email, id: res.body.user.id as string }
}

/** The mail that arrives after the `seen` already received, to `to`. */
async function nextMail(seen: number, to: string) {
  await smtp.waitFor(seen + 1)
  const mail = smtp.received.slice(seen).find((m) => m.to.includes(to))
  if (!mail) throw new Error(`no mail to ${to}`)
  return readMail(mail)
}

/** Turns two-factor on with a TOTP app: the answer's URI and backup codes. */
async function enableTotp(user: Awaited<ReturnType<typeof signedUpBrowser>>) {
  const enabled = await user.call("POST", "/better-auth/two-factor/enable", { password: PASSWORD })
  expect(enabled.status).toBe(200)
  const secret = secretOf(enabled.body.totpURI)
  const verified = await user.call("POST", "/better-auth/two-factor/verify-totp", { code: totp(secret) })
  expect(verified.status).toBe(200)
  return { secret, backupCodes: enabled.body.backupCodes as string[] }
}

describe("two-factor", () => {
  it("is set up with a TOTP app after the password, and only for the one who asks", async () => {
    const alice = await signedUpBrowser("Alice")
    const bob = await signedUpBrowser("Bob")
    const wrong = await alice.call("POST", "/better-auth/two-factor/enable", { password: "not my password" })
    expect(wrong.status).toBe(400)
    expect((await alice.session()).user.twoFactorEnabled).toBe(false)

    const enabled = await alice.call("POST", "/better-auth/two-factor/enable", { password: PASSWORD })
    expect(enabled.body.totpURI).toMatch(/^otpauth:\/\/totp\/Tidings:/)
    expect(enabled.body.backupCodes).toHaveLength(10)
    // Not on until a code from the app proves the secret arrived.
    expect((await alice.session()).user.twoFactorEnabled).toBe(false)
    const secret = secretOf(enabled.body.totpURI)
    const bad = await alice.call("POST", "/better-auth/two-factor/verify-totp", { code: totp(secret, Date.now(), 9) })
    expect(bad).toMatchObject({ status: 400, body: { code: 4007 } })
    const good = await alice.call("POST", "/better-auth/two-factor/verify-totp", { code: totp(secret) })
    expect(good.status).toBe(200)
    expect((await alice.session()).user.twoFactorEnabled).toBe(true)
    expect((await bob.session()).user.twoFactorEnabled).toBe(false)
    // Bob's sign-in is untouched by Alice's second factor.
    const bobAgain = browserAs()
    const bobIn = await bobAgain.call("POST", "/better-auth/sign-in/email", { email: bob.email, password: PASSWORD })
    expect(bobIn.body.twoFactorRedirect).toBeUndefined()
    expect((await bobAgain.session()).user.id).toBe(bob.id)
  })

  it("asks for the code at sign-in: a TOTP, a backup code once, or a mailed code", async () => {
    const carol = await signedUpBrowser("Carol")
    const { secret, backupCodes } = await enableTotp(carol)

    const device = browserAs()
    const signIn = () => device.call("POST", "/better-auth/sign-in/email", { email: carol.email, password: PASSWORD })
    const first = await signIn()
    expect(first).toMatchObject({ status: 200, body: { twoFactorRedirect: true } })
    expect(first.body.twoFactorMethods).toEqual(expect.arrayContaining(["totp", "otp"]))
    expect(await device.session()).toBeNull()
    const wrong = await device.call("POST", "/better-auth/two-factor/verify-totp", {
      code: totp(secret, Date.now(), 9),
    })
    expect(wrong).toMatchObject({ status: 400, body: { code: 4007 } })
    expect(await device.session()).toBeNull()
    const right = await device.call("POST", "/better-auth/two-factor/verify-totp", { code: totp(secret) })
    expect(right.status).toBe(200)
    expect((await device.session()).user.id).toBe(carol.id)

    await device.call("POST", "/better-auth/sign-out", {})
    await signIn()
    const backup = backupCodes[0]!
    expect((await device.call("POST", "/better-auth/two-factor/verify-backup-code", { code: backup })).status).toBe(200)
    expect((await device.session()).user.id).toBe(carol.id)
    await device.call("POST", "/better-auth/sign-out", {})
    await signIn()
    const spent = await device.call("POST", "/better-auth/two-factor/verify-backup-code", { code: backup })
    expect(spent).toMatchObject({ status: 400, body: { code: 4007 } })

    const seen = smtp.received.length
    const sent = await device.call("POST", "/better-auth/two-factor/send-otp", {})
    expect(sent.status).toBe(200)
    const mail = await nextMail(seen, carol.email)
    expect(mail.subject).toBe("Your Tidings sign-in code")
    const code = /\n(\d{6})\n/.exec(mail.text)?.[1]
    expect(code).toBeDefined()
    const viaMail = await device.call("POST", "/better-auth/two-factor/verify-otp", { code, trustDevice: true })
    expect(viaMail.status).toBe(200)
    expect((await device.session()).user.id).toBe(carol.id)

    // A trusted device is not asked again.
    await device.call("POST", "/better-auth/sign-out", {})
    const trusted = await signIn()
    expect(trusted.body.twoFactorRedirect).toBeUndefined()
    expect((await device.session()).user.id).toBe(carol.id)
  })

  it("mails the sign-in code in the reader's language", async () => {
    const dan = await signedUpBrowser("Dan")
    await enableTotp(dan)
    const device = browserAs()
    await device.call("POST", "/better-auth/sign-in/email", { email: dan.email, password: PASSWORD })
    const seen = smtp.received.length
    const res = await fetch(`${server.url}/better-auth/two-factor/send-otp`, {
      method: "POST",
      headers: {
        origin: server.url,
        "content-type": "application/json",
        "accept-language": "ja",
        cookie: [...device.jar].map(([k, v]) => `${k}=${v}`).join("; "),
      },
      body: "{}",
    })
    expect(res.status).toBe(200)
    expect((await nextMail(seen, dan.email)).subject).toBe("Tidings のログインコード")
  })

  it("is turned off with the password only, and sign-in then asks for nothing more", async () => {
    const erin = await signedUpBrowser("Erin")
    await enableTotp(erin)
    const wrong = await erin.call("POST", "/better-auth/two-factor/disable", { password: "nope nope nope" })
    expect(wrong.status).toBe(400)
    expect((await erin.session()).user.twoFactorEnabled).toBe(true)
    expect((await erin.call("POST", "/better-auth/two-factor/disable", { password: PASSWORD })).status).toBe(200)
    expect((await erin.session()).user.twoFactorEnabled).toBe(false)
    const device = browserAs()
    const again = await device.call("POST", "/better-auth/sign-in/email", { email: erin.email, password: PASSWORD })
    expect(again.body.twoFactorRedirect).toBeUndefined()
    expect((await device.session()).user.id).toBe(erin.id)
  })

  it("new backup codes replace the old ones, with the password", async () => {
    const fay = await signedUpBrowser("Fay")
    const { secret, backupCodes } = await enableTotp(fay)
    const fresh = await fay.call("POST", "/better-auth/two-factor/generate-backup-codes", { password: PASSWORD })
    expect(fresh.status).toBe(200)
    expect(fresh.body.backupCodes).toHaveLength(10)
    const device = browserAs()
    await device.call("POST", "/better-auth/sign-in/email", { email: fay.email, password: PASSWORD })
    const old = await device.call("POST", "/better-auth/two-factor/verify-backup-code", { code: backupCodes[0] })
    expect(old.body.code).toBe(4007)
    const used = await device.call("POST", "/better-auth/two-factor/verify-backup-code", {
      code: fresh.body.backupCodes[0],
    })
    expect(used.status).toBe(200)
    expect(secret).toBeTruthy()
  })
})

describe("change e-mail", () => {
  it("mails the new address a link; the address changes only when it is followed", async () => {
    const gail = await signedUpBrowser("Gail")
    const bob = await signedUpBrowser("Bob")
    const newEmail = `gail-new-${randomUUID().slice(0, 8)}@example.test`
    const seen = smtp.received.length
    const asked = await gail.call("POST", "/better-auth/change-email", { newEmail, callbackURL: "/settings/profile" })
    expect(asked.status).toBe(200)
    const mail = await nextMail(seen, newEmail)
    expect(mail.subject).toBe("Confirm your new e-mail address for Tidings")
    expect((await gail.session()).user.email).toBe(gail.email)

    const link = linkIn(mail.text).replace(/^https?:\/\/[^/]+/, server.url)
    const followed = await gail.call("GET", link.slice(server.url.length))
    expect(followed.status).toBe(302)
    expect((await gail.session()).user.email).toBe(newEmail)
    const device = browserAs()
    expect(
      (await device.call("POST", "/better-auth/sign-in/email", { email: newEmail, password: PASSWORD })).status,
    ).toBe(200)
    expect((await bob.session()).user.email).toBe(bob.email)

    // Another account's address: the same answer, and nothing changes.
    const taken = await gail.call("POST", "/better-auth/change-email", { newEmail: bob.email })
    expect(taken.status).toBe(200)
    expect((await gail.session()).user.email).toBe(newEmail)
    expect((await bob.session()).user.email).toBe(bob.email)
  })

  it("refuses a malformed address", async () => {
    const hal = await signedUpBrowser("Hal")
    const res = await hal.call("POST", "/better-auth/change-email", { newEmail: "not an address" })
    expect(res.status).toBe(400)
    expect((await hal.session()).user.email).toBe(hal.email)
  })
})

describe("change password", () => {
  it("needs the current password, and changes only the caller's", async () => {
    const quinn = await signedUpBrowser("Quinn")
    const bob = await signedUpBrowser("Bob")
    const next = "a brand new passphrase"
    const wrong = await quinn.call("POST", "/better-auth/change-password", {
      currentPassword: "not the password",
      newPassword: next,
    })
    expect(wrong.status).toBe(400)
    const signIn = (email: string, password: string) =>
      browserAs()
        .call("POST", "/better-auth/sign-in/email", { email, password })
        .then((r) => r.status)
    expect(await signIn(quinn.email, PASSWORD)).toBe(200)
    const right = await quinn.call("POST", "/better-auth/change-password", {
      currentPassword: PASSWORD,
      newPassword: next,
    })
    expect(right.status).toBe(200)
    expect(await signIn(quinn.email, next)).toBe(200)
    expect(await signIn(quinn.email, PASSWORD)).toBe(401)
    expect(await signIn(bob.email, PASSWORD)).toBe(200)
  })
})

describe("linked accounts, account info, one-time tokens, providers", () => {
  it("lists and unlinks only the caller's own accounts, never the last way in", async () => {
    const ivy = await signedUpBrowser("Ivy")
    const bob = await signedUpBrowser("Bob")
    // A GitHub account linked earlier (the provider's round trip is the social sign-in test's).
    const now = new Date()
    await server.database.db.insert(account).values({
      id: randomUUID(),
      accountId: "gh-4242",
      providerId: "github",
      userId: ivy.id,
      createdAt: now,
      updatedAt: now,
    })
    const listed = await ivy.call("GET", "/better-auth/list-accounts")
    expect(listed.body.map((a: { providerId: string }) => a.providerId).sort()).toEqual(["credential", "github"])
    expect((await bob.call("GET", "/better-auth/list-accounts")).body).toHaveLength(1)
    const info = await ivy.call("GET", "/better-auth/get-account-info")
    expect(info.body).toHaveLength(2)
    expect(info.body.find((a: { provider: string }) => a.provider === "github")).toMatchObject({
      accountId: "gh-4242",
      profile: { email: ivy.email },
    })
    expect(JSON.stringify(info.body)).not.toContain("password")

    // better-auth 1.7 names the account to unlink by its row id, as list-accounts answers it.
    const rowOf = (provider: string) => listed.body.find((a: { providerId: string }) => a.providerId === provider).id
    const bobTries = await bob.call("POST", "/better-auth/unlink-account", { accountId: rowOf("github") })
    expect(bobTries.status).toBe(400)
    expect((await ivy.call("GET", "/better-auth/list-accounts")).body).toHaveLength(2)

    const unlinked = await ivy.call("POST", "/better-auth/unlink-account", { accountId: rowOf("github") })
    expect(unlinked.status).toBe(200)
    expect((await ivy.call("GET", "/better-auth/list-accounts")).body).toHaveLength(1)
    const last = await ivy.call("POST", "/better-auth/unlink-account", { accountId: rowOf("credential") })
    expect(last.status).toBe(400)
    expect((await ivy.call("GET", "/better-auth/list-accounts")).body).toHaveLength(1)
  })

  it("link-social answers the provider's authorization URL for a configured provider", async () => {
    const jo = await signedUpBrowser("Jo")
    const res = await jo.call("POST", "/better-auth/link-social", {
      provider: "github",
      callbackURL: "/settings/profile",
    })
    expect(res.status).toBe(200)
    expect(new URL(res.body.url).origin).toBe("https://github.com")
    expect((await jo.call("POST", "/better-auth/link-social", { provider: "google" })).status).toBeGreaterThanOrEqual(
      400,
    )
    expect((await fetch(`${server.url}/better-auth/get-providers`)).status).toBe(200)
  })

  it("a one-time token signs its own user in once, elsewhere", async () => {
    const kim = await signedUpBrowser("Kim")
    const generated = await kim.call("GET", "/better-auth/one-time-token/generate")
    expect(generated.body.token).toEqual(expect.any(String))
    const desktop = browserAs()
    const applied = await desktop.call("POST", "/better-auth/one-time-token/apply", { token: generated.body.token })
    expect(applied.status).toBe(200)
    expect((await desktop.session()).user.id).toBe(kim.id)
    const again = await browserAs().call("POST", "/better-auth/one-time-token/verify", { token: generated.body.token })
    expect(again.status).toBeGreaterThanOrEqual(400)
    expect((await browserAs().call("GET", "/better-auth/one-time-token/generate")).status).toBe(401)
  })

  it("subscription/restore says that this server takes no payments", async () => {
    const lee = await signedUpBrowser("Lee")
    const res = await lee.call("POST", "/better-auth/subscription/restore", {})
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ code: 6, message: expect.stringContaining("takes no payments") })
  })
})

describe("delete user", () => {
  /** Rows per table that belong to `userId`, for every table with a user column. */
  async function rowsOf(userId: string): Promise<Record<string, number>> {
    const db = server.database.db
    const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and column_name in ('user_id', 'owner_user_id', 'from_user_id')`)
    const counts: Record<string, number> = {}
    for (const { table_name, column_name } of columns.rows) {
      const found = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${userId}`,
      )
      counts[`${table_name}.${column_name}`] = found.rows[0]!.n
    }
    const own = await db.execute<{ n: number }>(sql`select count(*)::int as n from "user" where id = ${userId}`)
    counts.user = own.rows[0]!.n
    return counts
  }

  async function furnish(name: string, feedUrl: string) {
    const user = await signUp(server.url, name)
    const api = apiAs(server.url, user)
    const sub = await api("POST", "/subscriptions", { url: feedUrl, view: 0, category: "Mine" })
    expect(sub.status).toBe(200)
    const page = await api("POST", "/entries", { feedId: sub.body.feed.id })
    await api("POST", "/collections", { entryId: page.body.data[0].entries.id })
    await api("POST", "/lists", { title: `${name}'s list`, view: 0, fee: 0 })
    await api("POST", "/inboxes", { handle: `${name.toLowerCase()}${randomUUID().slice(0, 6)}` })
    await api("PATCH", "/settings/general", { unreadOnly: true })
    await api("POST", "/messaging", { token: `token-${randomUUID()}`, channel: "desktop" })
    // A wallet with the day's POWER in it.
    expect((await api("POST", "/wallets")).status).toBe(200)
    expect((await api("POST", "/wallets/transactions/claim-daily")).body.code).toBe(0)
    // An AI chat with a message, as the chat would have stored it (no model is needed to delete one).
    const chatId = randomUUID()
    await server.database.db.insert(aiChatSessions).values({ id: chatId, userId: user.id, title: "Chat" })
    await server.database.db
      .insert(aiChatMessages)
      .values({ chatId, id: "m1", role: "user", parts: [{ type: "text", text: "hello" }] })
    return { user, api, chatId, feedId: sub.body.feed.id as string }
  }

  it("removes everything of the user's in one go and leaves the other user's rows as they were", async () => {
    feeds.set("/shared.xml", { body: rss("Shared", items(4, "s")) })
    const url = feeds.url("/shared.xml")
    const mia = await furnish("Mia", url)
    const ned = await furnish("Ned", url)
    const miaBefore = await rowsOf(mia.user.id)
    const nedBefore = await rowsOf(ned.user.id)
    for (const table of ["subscriptions.user_id", "timeline.user_id", "unread.user_id", "unread_counts.user_id"]) {
      expect(miaBefore[table], table).toBeGreaterThan(0)
    }
    const aiMessages = async (chatId: string) =>
      (
        await server.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from ai_chat_messages where chat_id = ${chatId}`,
        )
      ).rows[0]!.n
    expect(await aiMessages(mia.chatId)).toBe(1)
    const tables = ["collections.user_id", "lists.owner_user_id", "inboxes.user_id", "settings.user_id"]
    for (const table of [...tables, "messaging.user_id", "ai_chat_sessions.user_id"]) {
      expect(miaBefore[table], table).toBeGreaterThan(0)
    }
    expect(miaBefore["session.user_id"]).toBeGreaterThan(0)
    expect(miaBefore["ledger_accounts.user_id"]).toBe(2)
    const balances = async () =>
      (
        await server.database.db.execute<{ total: string; burned: string; mia: string }>(sql`
          select sum(balance)::text as total,
            sum(balance) filter (where id = 'system:burned')::text as burned,
            coalesce(sum(balance) filter (where user_id = ${mia.user.id}), 0)::text as mia
          from ledger_accounts`)
      ).rows[0]!
    const held = await balances()
    expect(Number(held.mia)).toBeGreaterThan(0)

    // A wrong password deletes nothing.
    const refused = await mia.api("POST", "/better-auth/delete-user", { password: "not the password" })
    expect(refused.status).toBe(400)
    expect(await rowsOf(mia.user.id)).toEqual(miaBefore)

    // A failure part-way (here when the ledger accounts go, after the POWER was burned) leaves everything as it was:
    // one transaction.
    const db = server.database.db
    await db.execute(
      sql.raw(`create or replace function fail_ledger_delete() returns trigger language plpgsql as $$
      begin raise exception 'disk full'; end $$`),
    )
    await db.execute(
      sql.raw(`create trigger fail_ledger_delete before delete on ledger_accounts
      for each row when (old.user_id = '${mia.user.id}') execute function fail_ledger_delete()`),
    )
    try {
      const broken = await fetch(`${server.url}/better-auth/delete-user`, {
        method: "POST",
        headers: { authorization: `Bearer ${mia.user.token}`, "content-type": "application/json", origin: server.url },
        body: JSON.stringify({ password: mia.user.password }),
      })
      expect(broken.status).toBeGreaterThanOrEqual(500)
    } finally {
      await db.execute(sql.raw("drop trigger fail_ledger_delete on ledger_accounts"))
      await db.execute(sql.raw("drop function fail_ledger_delete()"))
    }
    expect(await rowsOf(mia.user.id)).toEqual(miaBefore)
    expect(await balances()).toEqual(held)
    expect(await aiMessages(mia.chatId)).toBe(1)

    const res = await fetch(`${server.url}/better-auth/delete-user`, {
      method: "POST",
      headers: { authorization: `Bearer ${mia.user.token}`, "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ password: mia.user.password }),
    })
    expect(res.status).toBe(200)
    const after = await rowsOf(mia.user.id)
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([])
    expect(await rowsOf(ned.user.id)).toEqual(nedBefore)
    expect(await aiMessages(mia.chatId)).toBe(0)
    expect(await aiMessages(ned.chatId)).toBe(1)
    // Mia's POWER is burned through the ledger, not dropped: every balance together is what it was.
    const left = await balances()
    expect(left.total).toBe(held.total)
    expect(Number(left.burned)).toBe(Number(held.burned) + Number(held.mia))
    // The shared feed stays for Ned, and Mia's token is worth nothing.
    const nedFeeds = (await ned.api("GET", "/subscriptions")).body.data.filter((s: { feedId?: string }) => s.feedId)
    expect(nedFeeds).toHaveLength(1)
    expect((await mia.api("GET", "/subscriptions")).status).toBe(401)
    const signIn = await browserAs().call("POST", "/better-auth/sign-in/email", {
      email: mia.user.email,
      password: mia.user.password,
    })
    expect(signIn.status).toBe(401)
  })

  it("delete-user-custom wants the current TOTP when two-factor is on (4008 without, 4007 when wrong)", async () => {
    const olly = await signedUpBrowser("Olly")
    const pia = await signedUpBrowser("Pia")
    const { secret } = await enableTotp(olly)
    const without = await olly.call("POST", "/better-auth/delete-user-custom", {})
    expect(without).toMatchObject({ status: 400, body: { code: 4008 } })
    const wrong = await olly.call("POST", "/better-auth/delete-user-custom", { TOTPCode: totp(secret, Date.now(), 9) })
    expect(wrong).toMatchObject({ status: 400, body: { code: 4007 } })
    expect((await olly.session()).user.id).toBe(olly.id)
    const done = await olly.call("POST", "/better-auth/delete-user-custom", { TOTPCode: totp(secret) })
    expect(done.status).toBe(200)
    expect(await olly.session()).toBeNull()
    expect((await rowsOf(olly.id)).user).toBe(0)
    expect((await pia.session()).user.id).toBe(pia.id)
  })
})
