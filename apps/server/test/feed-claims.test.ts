// Feed claims through HTTP (the official SDK's feeds.claim module): the token published in the feed's description,
// in an entry or as a <meta> on its site proves ownership; a missing token is 2010, a second claim 4000; a claimed
// feed shows its owner, is listed with its tips, and tips (and what its pool held) go to the owner.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, sdkAs, sdkFailure, signUp, type TestUser } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  feeds = await startFeedServer()
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

interface Publisher {
  user: TestUser
  api: ReturnType<typeof apiAs>
  sdk: ReturnType<typeof sdkAs>
  path: string
  sitePath: string
  feedId: string
  token: string
}

/** A user subscribed to a new loopback feed (its site on the same server), holding their claim token. */
async function publisher(name: string): Promise<Publisher> {
  const user = await signUp(server.url, name)
  const api = apiAs(server.url, user)
  const slug = randomUUID().slice(0, 8)
  const path = `/claim-${slug}.xml`
  const sitePath = `/site-${slug}.html`
  feeds.set(path, { body: rss(`Feed ${slug}`, items(2, slug), feeds.url(sitePath)) })
  feeds.set(sitePath, { body: "<html><head><title>Site</title></head><body>hi</body></html>", headers: html })
  const feedId = (await api("POST", "/subscriptions", { url: feeds.url(path), view: 0 })).body.feed.id
  const sdk = sdkAs(server.url, user)
  const message = (await sdk.feeds.claim.message({ feedId })).data as unknown as { description: string; token: string }
  return { user, api, sdk, path, sitePath, feedId, token: message.token }
}

const html = { "content-type": "text/html; charset=utf-8" }

async function owner(api: ReturnType<typeof apiAs>, feedId: string) {
  return (await api("GET", `/feeds?id=${feedId}`)).body.data.feed.ownerUserId
}

describe("feed claims", () => {
  it("answers the message in every form, the same token each time, and only for its user", async () => {
    const p = await publisher("Messenger")
    const again = (await p.sdk.feeds.claim.message({ feedId: p.feedId })).data
    expect(again).toMatchObject({ description: p.token, xml: expect.stringContaining(p.token) })
    expect(again.content).toContain(p.token)
    expect(again.json).toContain(p.token)
    expect((again as unknown as { meta: string }).meta).toBe(`<meta name="tidings-claim" content="${p.token}">`)
    const other = await signUp(server.url, "Other")
    const theirs = (await apiAs(server.url, other)("GET", `/feeds/claim/message?feedId=${p.feedId}`)).body.data
    expect(theirs.token).not.toBe(p.token)
  })

  it("claims through the feed's description, shows the owner and lists the feed", async () => {
    const p = await publisher("Describer")
    const slug = p.path.slice(7, 15)
    feeds.set(p.path, { body: rss(`Feed ${slug}`, items(2, slug)).replace(`Feed ${slug} feed`, p.token) })
    expect((await p.sdk.feeds.claim.challenge({ feedId: p.feedId })).code).toBe(0)
    expect(await owner(p.api, p.feedId)).toBe(p.user.id)
    // The feed as subscriptions show it (built in SQL) names the owner as who tips go to.
    const subs = (await p.api("GET", "/subscriptions")).body.data
    const sub = subs.find((s: { feedId: string }) => s.feedId === p.feedId)
    expect(sub.feeds).toMatchObject({ ownerUserId: p.user.id, tipUserIds: [p.user.id] })
    const list = (await p.sdk.feeds.claim.list({})).data
    expect(list).toEqual([
      { feed: expect.objectContaining({ id: p.feedId, ownerUserId: p.user.id }), subscriptionCount: 1, tipAmount: 0 },
    ])
  })

  it("claims through an entry of the feed", async () => {
    const p = await publisher("Writer")
    feeds.set(p.path, { body: rss("Entry way", [{ guid: "claim", title: "Mine", description: `<p>${p.token}</p>` }]) })
    await p.sdk.feeds.claim.challenge({ feedId: p.feedId })
    expect(await owner(p.api, p.feedId)).toBe(p.user.id)
  })

  it("claims through a <meta> on the feed's site", async () => {
    const p = await publisher("Webmaster")
    feeds.set(p.sitePath, {
      body: `<html><head><meta content="${p.token}" name="tidings-claim"></head><body></body></html>`,
      headers: html,
    })
    await p.sdk.feeds.claim.challenge({ feedId: p.feedId })
    expect(await owner(p.api, p.feedId)).toBe(p.user.id)
  })

  it("refuses a claim without the token (2010) or with another user's token, and changes nothing", async () => {
    const p = await publisher("Pretender")
    const failure = await sdkFailure(p.sdk.feeds.claim.challenge({ feedId: p.feedId }))
    expect(failure.status).toBe(400)
    expect((await p.api("POST", "/feeds/claim/challenge", { feedId: p.feedId })).body.code).toBe(2010)
    // The token of someone else (who did publish theirs) does not prove this user's claim.
    const rival = await signUp(server.url, "Rival")
    feeds.set(p.sitePath, { body: `<meta name="tidings-claim" content="${p.token}">`, headers: html })
    expect((await apiAs(server.url, rival)("POST", "/feeds/claim/challenge", { feedId: p.feedId })).body.code).toBe(
      2010,
    )
    // The token outside a <meta> of the site does not count either.
    feeds.set(p.sitePath, { body: `<p>${p.token}</p>`, headers: html })
    expect((await p.api("POST", "/feeds/claim/challenge", { feedId: p.feedId })).body.code).toBe(2010)
    expect(await owner(p.api, p.feedId)).toBeNull()
    expect((await p.sdk.feeds.claim.list({})).data).toEqual([])
    // Bad input and an unknown feed.
    expect((await p.api("POST", "/feeds/claim/challenge", {})).status).toBe(400)
    expect((await p.api("POST", "/feeds/claim/challenge", { feedId: "404" })).body.code).toBe(2001)
  })

  it("answers 4000 to a second claim, whoever makes it, and the owner stays", async () => {
    const p = await publisher("First")
    feeds.set(p.sitePath, { body: `<meta name="tidings-claim" content="${p.token}">`, headers: html })
    await p.sdk.feeds.claim.challenge({ feedId: p.feedId })
    expect((await p.api("POST", "/feeds/claim/challenge", { feedId: p.feedId })).body.code).toBe(4000)
    const late = apiAs(server.url, await signUp(server.url, "Late"))
    expect((await late("POST", "/feeds/claim/challenge", { feedId: p.feedId })).body.code).toBe(4000)
    expect((await late("GET", `/feeds/claim/message?feedId=${p.feedId}`)).body.code).toBe(4000)
    expect((await late("GET", "/feeds/claim/list")).body.data).toEqual([])
    expect(await owner(p.api, p.feedId)).toBe(p.user.id)
  })

  it("hands the feed's pool to its new owner, and later tips go to them", async () => {
    const p = await publisher("Earner")
    const fan = apiAs(server.url, await signUp(server.url, "Fan"))
    await fan("POST", "/subscriptions", { url: feeds.url(p.path), view: 0 })
    await fan("POST", "/wallets")
    await fan("POST", "/wallets/transactions/claim-daily")
    expect((await fan("POST", "/wallets/transactions/tip", { feedId: p.feedId, amount: "3" })).status).toBe(200)
    await p.api("POST", "/wallets")
    feeds.set(p.sitePath, { body: `<meta name="tidings-claim" content="${p.token}">`, headers: html })
    await p.sdk.feeds.claim.challenge({ feedId: p.feedId })
    const cashable = async () => Number((await p.api("GET", "/wallets")).body.data[0].cashablePowerToken)
    expect(await cashable()).toBe(3)
    await fan("POST", "/wallets/transactions/tip", { feedId: p.feedId, amount: "4" })
    expect(await cashable()).toBe(7)
    const [listed] = (await p.sdk.feeds.claim.list({})).data
    expect(listed).toMatchObject({ subscriptionCount: 2, tipAmount: 7 })
  })
})
