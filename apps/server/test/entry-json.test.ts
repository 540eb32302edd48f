// Entry pages are built as JSON by the database (storage/wire-json.ts); every other answer with entries is built in
// Node (services/wire.ts). The two must agree field for field, for the same entries.
import { sql } from "drizzle-orm"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { toEntryListItem } from "../src/services/wire.ts"
import { findEntryForUser } from "../src/storage/entries.ts"
import { type FeedServer, startFeedServer } from "./support/feeds.ts"
import { startTestServer, type TestServer } from "./support/server.ts"
import { apiAs, signUp } from "./support/users.ts"

let server: TestServer
let feeds: FeedServer

const doc = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>Every field</title><link>https://site.example/</link><description>A feed with everything</description>
<lastBuildDate>Tue, 03 Nov 2026 10:00:00 GMT</lastBuildDate>
<item><title>Full item</title><link>https://site.example/1</link><guid>full-1</guid>
  <pubDate>Mon, 02 Nov 2026 09:08:07 GMT</pubDate><dc:creator>Ann Author</dc:creator>
  <category>alpha</category><category>beta</category><description><![CDATA[<p>Hello <b>there</b></p>]]></description>
  <media:content url="https://img.example/1.jpg" medium="image" width="640" height="480"/>
  <enclosure url="https://cdn.example/1.mp3" type="audio/mpeg" length="12345"/></item>
<item><link>https://site.example/2</link><guid>bare-2</guid><description>Untitled, no date</description></item>
<item><title>Third &amp; last</title><guid isPermaLink="false">third-3</guid><pubDate>Sun, 01 Nov 2026 00:00:00 GMT</pubDate></item>
</channel></rss>`

beforeAll(async () => {
  ;[server, feeds] = await Promise.all([startTestServer(), startFeedServer()])
  feeds.set("/every.xml", { body: doc })
})
afterAll(async () => {
  await server?.close()
  await feeds?.close()
})

describe("entry pages built by the database", () => {
  it("equal, item for item, what the Node mapping makes of the same rows", async () => {
    const user = await signUp(server.url)
    const api = apiAs(server.url, user)
    const sub = await api("POST", "/subscriptions", { url: feeds.url("/every.xml"), view: 1 })
    expect(sub.status).toBe(200)
    const first = (await api("GET", "/entries?limit=10")).body.data as { entries: { id: string; title: string } }[]
    expect(first).toHaveLength(3)
    const full = first.find((i) => i.entries.title === "Full item")!.entries.id
    const bare = first.find((i) => i.entries.title === null)!.entries.id
    await api("POST", "/collections", { entryId: full, view: 1 })
    await api("POST", "/reads", { entryIds: [bare] })
    // A time with microseconds, as now() writes them: both sides must cut it to milliseconds the same way.
    await server.deps.db.execute(sql`update entries set readability_updated_at = '2026-11-05 01:02:03.456789+00'
      where id = ${full}`)

    for (const query of ["limit=10", "limit=10&withContent=true", "limit=10&read=false", "limit=10&view=1"]) {
      const items = (await api("GET", `/entries?${query}`)).body.data as { entries: { id: string } }[]
      for (const item of items) {
        const row = await findEntryForUser(server.deps.db, user.id, item.entries.id)
        const expected = toEntryListItem({
          ...row!,
          entry: query.includes("withContent") ? row!.entry : { ...row!.entry, content: undefined },
        })
        expect(item, `${query}: ${item.entries.id}`).toEqual(JSON.parse(JSON.stringify(expected)))
      }
    }
    // The starred view is still built in Node: the same entry looks the same there.
    const starred = (await api("GET", "/entries?isCollection=true")).body.data as { entries: { id: string } }[]
    const page = (await api("GET", "/entries?limit=10")).body.data as { entries: { id: string } }[]
    expect(starred).toEqual([page.find((i) => i.entries.id === full)])
  })
})
