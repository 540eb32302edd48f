// WebSub's pure parts: hub discovery from Link headers and documents, and X-Hub-Signature checking.
import { createHmac } from "node:crypto"
import { describe, expect, it } from "vitest"
import { parseFeedDocument } from "../../src/reader/parse.ts"
import { discoverHub, parseLinkHeaders, signatureMatches } from "../../src/reader/websub.ts"

const bytes = (text: string) => new TextEncoder().encode(text)
const parse = (text: string, url = "https://feeds.example/feed") => parseFeedDocument(bytes(text), { url })

describe("hub discovery", () => {
  it("reads Link headers: several values, several links in one, quoted and bare rels, relative URLs", () => {
    const links = parseLinkHeaders(
      ['<https://hub.example/>; rel="hub", </self.xml>; rel=self', '<https://other.example/hub>; rel="hub alternate"'],
      "https://feeds.example/feed",
    )
    expect(links.get("hub")).toEqual(["https://hub.example/", "https://other.example/hub"])
    expect(links.get("self")).toEqual(["https://feeds.example/self.xml"])
    expect(links.get("alternate")).toEqual(["https://other.example/hub"])
  })

  it("prefers Link headers to the document, and the feed URL when no self is given", () => {
    const document = { hubs: ["https://doc-hub.example/"], selfUrl: "https://feeds.example/doc-self" }
    expect(
      discoverHub({ url: "https://feeds.example/feed", links: ['<https://header-hub.example/>; rel="hub"'] }, document),
    ).toEqual({ hub: "https://header-hub.example/", topic: "https://feeds.example/doc-self" })
    expect(
      discoverHub({ url: "https://feeds.example/feed", links: [] }, { hubs: ["https://doc-hub.example/"] }),
    ).toEqual({
      hub: "https://doc-hub.example/",
      topic: "https://feeds.example/feed",
    })
    expect(
      discoverHub({ url: "https://feeds.example/feed", links: [] }, { hubs: ["mailto:hub@example.com"] }),
    ).toBeNull()
    expect(discoverHub({ url: "https://feeds.example/feed", links: [] }, {})).toBeNull()
  })

  it("finds rel=hub and rel=self in Atom, in RSS atom:link, and hubs in a JSON Feed", () => {
    const atom = parse(`<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>
      <link rel="hub" href="https://pubsubhubbub.appspot.com/"/><link rel="self" href="/atom.xml"/></feed>`)
    expect(atom).toMatchObject({
      hubs: ["https://pubsubhubbub.appspot.com/"],
      selfUrl: "https://feeds.example/atom.xml",
    })
    const rss = parse(`<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>R</title>
      <atom:link rel="hub" href="https://websub.example/hub"/><atom:link rel="self" href="https://feeds.example/rss"/>
      <item><guid>1</guid><title>one</title></item></channel></rss>`)
    expect(rss).toMatchObject({ hubs: ["https://websub.example/hub"], selfUrl: "https://feeds.example/rss" })
    const json = parse(
      JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: "J",
        feed_url: "https://feeds.example/feed.json",
        hubs: [{ type: "WebSub", url: "https://websub.example/hub" }],
        items: [],
      }),
    )
    expect(json).toMatchObject({ hubs: ["https://websub.example/hub"], selfUrl: "https://feeds.example/feed.json" })
    expect(parse(`<rss version="2.0"><channel><title>R</title></channel></rss>`)).toMatchObject({
      hubs: [],
      selfUrl: null,
    })
  })
})

describe("X-Hub-Signature", () => {
  const body = bytes("<feed>pushed</feed>")
  const sign = (algorithm: string, secret = "s3cret") =>
    `${algorithm}=${createHmac(algorithm, secret).update(body).digest("hex")}`

  it("accepts sha1, sha256, sha384 and sha512 HMACs made with the secret", () => {
    for (const algorithm of ["sha1", "sha256", "sha384", "sha512"]) {
      expect(signatureMatches(sign(algorithm), body, "s3cret")).toBe(true)
      expect(signatureMatches(sign(algorithm).toUpperCase().replace(/^SHA/, "sha"), body, "s3cret")).toBe(true)
    }
  })

  it("refuses another secret, another body, a missing or malformed header, and other methods", () => {
    expect(signatureMatches(sign("sha256", "other"), body, "s3cret")).toBe(false)
    expect(signatureMatches(sign("sha256"), bytes("<feed>changed</feed>"), "s3cret")).toBe(false)
    expect(signatureMatches(undefined, body, "s3cret")).toBe(false)
    expect(signatureMatches("sha256=", body, "s3cret")).toBe(false)
    expect(signatureMatches("sha256=abc", body, "s3cret")).toBe(false)
    expect(signatureMatches(sign("md5"), body, "s3cret")).toBe(false)
  })
})
