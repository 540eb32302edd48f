// The outside check: the official client SDK (@follow-app/client-sdk) drives the running server over HTTP.
import {
  FeedViewType,
  FollowAPIError,
  FollowAuthError,
  FollowClient,
  FollowValidationError,
} from "@follow-app/client-sdk"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type FeedServer, items, rss, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  feeds.set("/sdk.xml", { body: rss("SDK feed", items(30, "sdk")) })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

describe("@follow-app/client-sdk against Tidings", () => {
  it("runs the reading flow through the official client", async () => {
    const user = await signUp(server.url)
    const client = new FollowClient({ baseURL: server.url, timeout: 20_000 })
    client.setAuthToken(user.token)
    const api = client.api

    const session = await api.auth.getSession()
    expect(session.user?.id).toBe(user.id)
    expect(session.role).toBeTypeOf("string")

    const created = await api.subscriptions.create({
      url: feeds.url("/sdk.xml"),
      view: FeedViewType.Articles,
      category: "Tech",
    })
    expect(created.code).toBe(0)
    const feedId = created.feed!.id
    expect(created.unread).toEqual({ [feedId]: 30 })

    const first = await api.entries.list({ view: FeedViewType.Articles, limit: 20 })
    expect(first.data).toHaveLength(20)
    const second = await api.entries.list({
      view: 0,
      limit: 20,
      publishedAfter: first.data.at(-1)!.entries.publishedAt,
    })
    expect(second.data).toHaveLength(10)
    const ids = [...first.data, ...second.data].map((i) => i.entries.id)
    expect(new Set(ids).size).toBe(30)
    expect(first.data[0]!.feeds.id).toBe(feedId)

    const one = await api.entries.get({ id: ids[0]! })
    expect(one.data?.entries.id).toBe(ids[0])
    expect(one.data?.entries.content).toContain("sdk 0 body")

    await api.reads.markAsRead({ entryIds: ids.slice(0, 3), isInbox: false })
    expect((await api.reads.get({})).data).toEqual({ [feedId]: 27 })
    await api.reads.markAsUnread({ entryId: ids[0]!, isInbox: false })
    expect((await api.reads.get({ view: 0 })).data).toEqual({ [feedId]: 28 })

    await api.collections.post({ entryId: ids[5]!, view: 0 })
    const starred = await api.entries.list({ isCollection: true })
    expect(starred.data.map((i) => i.entries.id)).toEqual([ids[5]])
    await api.collections.delete({ entryId: ids[5]! })
    expect((await api.entries.list({ isCollection: true })).data).toHaveLength(0)

    await api.categories.update({ feedIdList: [feedId], category: "Renamed" })
    const subs = await api.subscriptions.get({})
    expect(subs.data[0]).toMatchObject({ feedId, category: "Renamed" })

    const all = await api.reads.markAllAsRead({ view: 0 })
    expect(all.data.read).toEqual({ [feedId]: 28 })
    expect((await api.reads.getTotalCount()).data.count).toBe(0)
  })

  it("surfaces the catalogue codes as the SDK's error classes", async () => {
    const user = await signUp(server.url)
    const client = new FollowClient({ baseURL: server.url, authToken: user.token })
    const missing = await client.api.entries.get({ id: "1234567890123456789" }).catch((e: unknown) => e)
    expect(missing).toBeInstanceOf(FollowAPIError)
    expect((missing as FollowAPIError).status).toBe(404)
    expect((missing as FollowAPIError).code).toBe("3000")

    const invalid = await client.api.entries.list({ limit: "many" as unknown as number }).catch((e: unknown) => e)
    expect(invalid).toBeInstanceOf(FollowValidationError)

    const anonymous = new FollowClient({ baseURL: server.url })
    const unauthorised = await anonymous.api.entries.list({}).catch((e: unknown) => e)
    expect(unauthorised).toBeInstanceOf(FollowAuthError)
  })
})
