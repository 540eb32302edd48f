// Every kind's request, exactly: method, URL, headers and body, as each service's public API takes it.
import { describe, expect, it } from "vitest"
import type { EntryContext } from "./entry-context.ts"
import { canSave } from "./entry-context.ts"
import { defaultIntegrationSettings, type IntegrationSettings, newCustomIntegration } from "./integration-settings.ts"
import { BUILDERS, buildCustom, MULTIPART_BOUNDARY, obsidianUri, SERVICE_URLS } from "./requests.ts"

const entry: EntryContext = {
  url: "https://blog.example.com/posts/1?a=b&c=d",
  title: 'Tea & "Biscuits"',
  content: "<p>Hello <b>world</b></p>",
  contentMarkdown: "Hello **world**",
  author: "Ada",
  publishedAt: "2026-11-20T08:00:00.000Z",
  summary: "A short summary",
  description: "A description",
  siteName: "Example Blog",
  images: ["https://img.example.com/1.jpg", "https://img.example.com/2.png"],
  torrents: ["magnet:?xt=urn:btih:abc", "https://t.example.com/x.torrent"],
}

const settings: IntegrationSettings = {
  ...defaultIntegrationSettings,
  readwiseToken: "rw-token",
  instapaperUsername: "ada@example.com",
  instapaperPassword: "pä55",
  obsidianVaultPath: "/Users/ada/Notes/",
  outlineEndpoint: "https://wiki.example.com/",
  outlineToken: "ol-token",
  outlineCollection: "col-1",
  readeckEndpoint: "https://readeck.example.com",
  readeckToken: "rd-token",
  cuboxToken: "https://cubox.pro/c/api/save/abc123",
  zoteroUserID: "12345",
  zoteroToken: "zt-key",
  qbittorrentHost: "http://192.168.1.10:8080/",
  qbittorrentUsername: "admin",
  qbittorrentPassword: "secret",
}

const step = (plan: ReturnType<(typeof BUILDERS)["readwise"]>, index = 0) => {
  if (plan.kind !== "http") throw new Error("not an HTTP plan")
  return plan.steps[index]!
}

describe("service requests", () => {
  it("Readwise Reader: POST /api/v3/save/ with a Token header and the document", () => {
    expect(step(BUILDERS.readwise(settings, entry))).toEqual({
      method: "POST",
      url: "https://readwise.io/api/v3/save/",
      headers: { "Content-Type": "application/json", Authorization: "Token rw-token" },
      body: JSON.stringify({
        url: entry.url,
        html: entry.content,
        title: entry.title,
        author: "Ada",
        summary: "A short summary",
        published_date: entry.publishedAt,
        saved_using: "Tidings",
      }),
    })
  })

  it("Instapaper: POST /api/add with Basic auth (UTF-8) and form fields", () => {
    const got = step(BUILDERS.instapaper(settings, entry))
    expect(got.method).toBe("POST")
    expect(got.url).toBe("https://www.instapaper.com/api/add")
    expect(got.headers).toEqual({
      "Content-Type": "application/x-www-form-urlencoded",
      Authorization: `Basic ${Buffer.from("ada@example.com:pä55").toString("base64")}`,
    })
    expect(Object.fromEntries(new URLSearchParams(got.body))).toEqual({
      url: entry.url,
      title: entry.title,
      selection: "A short summary",
    })
  })

  it("Outline: POST {endpoint}/api/documents.create with Bearer and the entry as Markdown", () => {
    const got = step(BUILDERS.outline(settings, entry))
    expect(got.url).toBe("https://wiki.example.com/api/documents.create")
    expect(got.headers).toEqual({ "Content-Type": "application/json", Authorization: "Bearer ol-token" })
    expect(JSON.parse(got.body!)).toEqual({
      title: entry.title,
      text: `Source: <${entry.url}>  \nAuthor: Ada  \nPublished: ${entry.publishedAt}\n\nHello **world**`,
      collectionId: "col-1",
      publish: true,
    })
  })

  it("Readeck: POST {endpoint}/api/bookmarks with Bearer, {url, title}", () => {
    expect(step(BUILDERS.readeck(settings, entry))).toEqual({
      method: "POST",
      url: "https://readeck.example.com/api/bookmarks",
      headers: { "Content-Type": "application/json", Authorization: "Bearer rd-token" },
      body: JSON.stringify({ url: entry.url, title: entry.title }),
    })
  })

  it("Cubox: POST to the user's API URL; auto memo sends the summary as the description", () => {
    const plain = step(BUILDERS.cubox(settings, entry))
    expect(plain.method).toBe("POST")
    expect(plain.url).toBe("https://cubox.pro/c/api/save/abc123")
    expect(plain.headers).toEqual({ "Content-Type": "application/json" })
    expect(JSON.parse(plain.body!)).toEqual({
      type: "url",
      content: entry.url,
      title: entry.title,
      description: "A description",
      tags: [],
      folder: "",
    })
    const memo = step(BUILDERS.cubox({ ...settings, cuboxAutoMemo: true }, entry))
    expect(JSON.parse(memo.body!).description).toBe("A short summary")
  })

  it("Zotero: POST /users/{id}/items with the API key and one webpage item", () => {
    const got = step(BUILDERS.zotero(settings, entry))
    expect(got.url).toBe("https://api.zotero.org/users/12345/items")
    expect(got.headers).toEqual({
      "Content-Type": "application/json",
      "Zotero-API-Key": "zt-key",
      "Zotero-API-Version": "3",
    })
    expect(JSON.parse(got.body!)).toEqual([
      {
        itemType: "webpage",
        title: entry.title,
        url: entry.url,
        websiteTitle: "Example Blog",
        date: entry.publishedAt,
        abstractNote: "A short summary",
        creators: [{ creatorType: "author", name: "Ada" }],
      },
    ])
  })

  it("qBittorrent: log in with a form, then add every torrent link in one multipart field", () => {
    const plan = BUILDERS.qbittorrent(settings, entry)
    expect(plan.kind === "http" && plan.steps).toEqual([
      {
        method: "POST",
        url: "http://192.168.1.10:8080/api/v2/auth/login",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "username=admin&password=secret",
        login: true,
      },
      {
        method: "POST",
        url: "http://192.168.1.10:8080/api/v2/torrents/add",
        headers: { "Content-Type": `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
        body: `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="urls"\r\n\r\nmagnet:?xt=urn:btih:abc\nhttps://t.example.com/x.torrent\r\n--${MULTIPART_BOUNDARY}--\r\n`,
      },
    ])
  })

  it("Eagle: one addFromURL call per image to the local API, from the browser only", () => {
    const plan = BUILDERS.eagle(settings, entry)
    expect(plan.kind === "http" && plan.local).toBe(true)
    expect(plan.kind === "http" && plan.steps).toEqual(
      entry.images.map((image) => ({
        method: "POST",
        url: "http://localhost:41595/api/item/addFromURL",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ url: image, name: entry.title, website: entry.url, annotation: "A short summary" }),
      })),
    )
  })

  it("Obsidian: an obsidian://new URI naming the vault folder, the note and its Markdown", () => {
    const uri = obsidianUri(settings.obsidianVaultPath, entry)
    expect(BUILDERS.obsidian(settings, entry)).toEqual({ kind: "open", uri })
    const url = new URL(uri)
    expect(url.protocol).toBe("obsidian:")
    expect(uri.startsWith("obsidian://new?vault=Notes&file=Tea%20%26%20%20Biscuits&content=")).toBe(true)
    expect(url.searchParams.get("content")).toBe(
      `Source: <${entry.url}>  \nAuthor: Ada  \nPublished: ${entry.publishedAt}\n\nHello **world**`,
    )
    expect(obsidianUri("C:\\Vaults\\Work", entry)).toContain("vault=Work&")
  })

  it("keeps the fixed hosts in one table", () => {
    expect(SERVICE_URLS).toEqual({
      readwise: "https://readwise.io/api/v3/save/",
      instapaper: "https://www.instapaper.com/api/add",
      zotero: "https://api.zotero.org",
      eagle: "http://localhost:41595",
    })
  })

  it("offers Eagle only with images, qBittorrent only with a torrent, the rest only with a link", () => {
    const bare = { ...entry, images: [], torrents: [], url: "" }
    expect(canSave("eagle", bare)).toBe(false)
    expect(canSave("qbittorrent", bare)).toBe(false)
    expect(canSave("readeck", bare)).toBe(false)
    expect(canSave("eagle", entry) && canSave("qbittorrent", entry) && canSave("readeck", entry)).toBe(true)
  })
})

describe("custom integrations", () => {
  const custom = { ...newCustomIntegration("c1"), name: "Hook" }

  it("URL-encodes placeholders in the URL and JSON-escapes them in a JSON body", () => {
    const plan = buildCustom(
      {
        ...custom,
        url: "https://hook.example.com/save?u={{url}}&t={{ title }}",
        headers: "Content-Type: application/json\nAuthorization: Bearer {{author}}-key",
        body: '{"url": "{{url}}", "title": "{{title}}", "when": "{{publishedAt}}", "x": "{{unknown}}"}',
      },
      entry,
    )
    expect(plan).toEqual({
      kind: "http",
      steps: [
        {
          method: "POST",
          url: `https://hook.example.com/save?u=${encodeURIComponent(entry.url)}&t=${encodeURIComponent(entry.title)}`,
          headers: { "Content-Type": "application/json", Authorization: "Bearer Ada-key" },
          body: `{"url": "${entry.url}", "title": "Tea & \\"Biscuits\\"", "when": "${entry.publishedAt}", "x": "{{unknown}}"}`,
        },
      ],
    })
    const step0 = plan.kind === "http" ? plan.steps[0]! : undefined
    expect(JSON.parse(step0!.body!)).toMatchObject({ url: entry.url, title: entry.title })
  })

  it("form-encodes a form body, sends a plain one as is, and sends no body with GET", () => {
    const form = buildCustom(
      {
        ...custom,
        url: "https://h.example.com",
        headers: "Content-Type: application/x-www-form-urlencoded",
        body: "t={{title}}",
      },
      entry,
    )
    expect(form.kind === "http" && form.steps[0]!.body).toBe("t=Tea+%26+%22Biscuits%22")
    const plain = buildCustom({ ...custom, url: "https://h.example.com", headers: "", body: "{{summary}}" }, entry)
    expect(plain.kind === "http" && plain.steps[0]!.body).toBe("A short summary")
    const get = buildCustom({ ...custom, method: "GET", url: "https://h.example.com/?q={{url}}", body: "x" }, entry)
    expect(get.kind === "http" && get.steps[0]).toEqual({
      method: "GET",
      url: `https://h.example.com/?q=${encodeURIComponent(entry.url)}`,
      headers: { "Content-Type": "application/json" },
    })
  })
})
