// What "Save to <service>" sends, built as plain data so every request can be checked exactly. Each builder follows
// the service's public API; the hosts of the services that are not self-hosted sit in SERVICE_URLS.
import type { RelayMethod } from "@tidings/shared"
import type { EntryContext } from "./entry-context.ts"
import type { CustomIntegration, IntegrationKind, IntegrationSettings } from "./integration-settings.ts"
import { fillTemplate, parseHeaderLines } from "./template.ts"

export interface HttpStep {
  method: RelayMethod
  url: string
  headers: Record<string, string>
  body?: string
  /** A login: the session cookie it answers with goes along with the steps after it. */
  login?: boolean
}

export type SavePlan =
  | {
      kind: "http"
      steps: HttpStep[] /** The service runs on this computer: only the browser reaches it. */
      local?: boolean
    }
  | { kind: "open"; uri: string }

/** The services with one public host. Outline, Readeck, qBittorrent and custom integrations are wherever the user runs
 * them; Cubox gives each user their own API URL. */
export const SERVICE_URLS = {
  /** Readwise Reader API v3, "Document CREATE". */
  readwise: "https://readwise.io/api/v3/save/",
  /** Instapaper Simple API, "/api/add". */
  instapaper: "https://www.instapaper.com/api/add",
  /** Zotero Web API v3. */
  zotero: "https://api.zotero.org",
  /** Eagle's local API, served by the Eagle app on the user's computer. */
  eagle: "http://localhost:41595",
} as const

const JSON_TYPE = { "Content-Type": "application/json" }
const FORM_TYPE = { "Content-Type": "application/x-www-form-urlencoded" }
// A fixed boundary keeps the request reproducible; no entry URL contains it.
export const MULTIPART_BOUNDARY = "----TidingsFormBoundary7f3c9a"

const base = (endpoint: string) => endpoint.trim().replace(/\/+$/, "")
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)))

type Builder = (settings: IntegrationSettings, entry: EntryContext) => SavePlan

export const BUILDERS: Record<IntegrationKind, Builder> = {
  // POST http://localhost:41595/api/item/addFromURL {url, name, website, annotation}: one call per image.
  eagle: (_, entry) => ({
    kind: "http",
    local: true,
    steps: entry.images.map((image) => ({
      method: "POST",
      url: `${SERVICE_URLS.eagle}/api/item/addFromURL`,
      headers: { ...JSON_TYPE },
      body: JSON.stringify({ url: image, name: entry.title, website: entry.url, annotation: entry.summary }),
    })),
  }),
  // POST https://readwise.io/api/v3/save/ with "Authorization: Token <token>" and the document as JSON.
  readwise: (settings, entry) => ({
    kind: "http",
    steps: [
      {
        method: "POST",
        url: SERVICE_URLS.readwise,
        headers: { ...JSON_TYPE, Authorization: `Token ${settings.readwiseToken.trim()}` },
        body: JSON.stringify({
          url: entry.url,
          ...(entry.content && { html: entry.content }),
          title: entry.title,
          author: entry.author,
          summary: entry.summary,
          published_date: entry.publishedAt,
          saved_using: "Tidings",
        }),
      },
    ],
  }),
  // POST https://www.instapaper.com/api/add, HTTP Basic auth, form fields url, title, selection (the description).
  instapaper: (settings, entry) => ({
    kind: "http",
    steps: [
      {
        method: "POST",
        url: SERVICE_URLS.instapaper,
        headers: {
          ...FORM_TYPE,
          Authorization: `Basic ${base64(`${settings.instapaperUsername}:${settings.instapaperPassword}`)}`,
        },
        body: form({ url: entry.url, title: entry.title, selection: entry.summary }),
      },
    ],
  }),
  obsidian: (settings, entry) => ({ kind: "open", uri: obsidianUri(settings.obsidianVaultPath, entry) }),
  // POST {endpoint}/api/documents.create, Bearer token, {title, text (Markdown), collectionId, publish}.
  outline: (settings, entry) => ({
    kind: "http",
    steps: [
      {
        method: "POST",
        url: `${base(settings.outlineEndpoint)}/api/documents.create`,
        headers: { ...JSON_TYPE, Authorization: `Bearer ${settings.outlineToken.trim()}` },
        body: JSON.stringify({
          title: entry.title,
          text: noteMarkdown(entry),
          collectionId: settings.outlineCollection.trim(),
          publish: true,
        }),
      },
    ],
  }),
  // POST {endpoint}/api/bookmarks, Bearer token, {url, title}: Readeck fetches and archives the page itself.
  readeck: (settings, entry) => ({
    kind: "http",
    steps: [
      {
        method: "POST",
        url: `${base(settings.readeckEndpoint)}/api/bookmarks`,
        headers: { ...JSON_TYPE, Authorization: `Bearer ${settings.readeckToken.trim()}` },
        body: JSON.stringify({ url: entry.url, title: entry.title }),
      },
    ],
  }),
  // POST to the user's Cubox API URL, {type: "url", content, title, description, tags, folder}; with auto memo the
  // summary goes in as the description.
  cubox: (settings, entry) => ({
    kind: "http",
    steps: [
      {
        method: "POST",
        url: settings.cuboxToken.trim(),
        headers: { ...JSON_TYPE },
        body: JSON.stringify({
          type: "url",
          content: entry.url,
          title: entry.title,
          description: settings.cuboxAutoMemo ? entry.summary : entry.description,
          tags: [],
          folder: "",
        }),
      },
    ],
  }),
  // POST https://api.zotero.org/users/{id}/items with Zotero-API-Key, one "webpage" item.
  zotero: (settings, entry) => ({
    kind: "http",
    steps: [
      {
        method: "POST",
        url: `${SERVICE_URLS.zotero}/users/${encodeURIComponent(settings.zoteroUserID.trim())}/items`,
        headers: { ...JSON_TYPE, "Zotero-API-Key": settings.zoteroToken.trim(), "Zotero-API-Version": "3" },
        body: JSON.stringify([
          {
            itemType: "webpage",
            title: entry.title,
            url: entry.url,
            websiteTitle: entry.siteName,
            date: entry.publishedAt,
            abstractNote: entry.summary,
            creators: entry.author ? [{ creatorType: "author", name: entry.author }] : [],
          },
        ]),
      },
    ],
  }),
  // qBittorrent WebUI API v2: POST /api/v2/auth/login (form username, password) answers a session cookie; then
  // POST /api/v2/torrents/add (multipart, field "urls": one link a line) with it.
  qbittorrent: (settings, entry) => ({
    kind: "http",
    steps: [
      {
        method: "POST",
        url: `${base(settings.qbittorrentHost)}/api/v2/auth/login`,
        headers: { ...FORM_TYPE },
        body: form({ username: settings.qbittorrentUsername, password: settings.qbittorrentPassword }),
        login: true,
      },
      {
        method: "POST",
        url: `${base(settings.qbittorrentHost)}/api/v2/torrents/add`,
        headers: { "Content-Type": `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
        body: multipart({ urls: entry.torrents.join("\n") }),
      },
    ],
  }),
}

/** Whether a kind can save this entry at all (Eagle needs images, qBittorrent a torrent, the rest a link). */
/** obsidian://new?vault=…&file=…&content=…: the vault is the last folder of the vault path (Obsidian names a vault
 * after its folder), the note is named after the entry. */
export function obsidianUri(vaultPath: string, entry: EntryContext): string {
  const vault =
    vaultPath
      .trim()
      .replace(/[\\/]+$/, "")
      .split(/[\\/]/)
      .pop() ?? ""
  const file = (entry.title || entry.url)
    .replace(/[\\/:*?"<>|#^[\]]+/g, " ")
    .trim()
    .slice(0, 120)
  const params = [`vault=${encodeURIComponent(vault)}`, `file=${encodeURIComponent(file)}`]
  params.push(`content=${encodeURIComponent(noteMarkdown(entry))}`)
  return `obsidian://new?${params.join("&")}`
}

/** The entry as a note: where it came from, its author and date, then its content. */
export function noteMarkdown(entry: EntryContext): string {
  const facts = [entry.url && `Source: <${entry.url}>`, entry.author && `Author: ${entry.author}`]
  facts.push(`Published: ${entry.publishedAt}`)
  return [facts.filter(Boolean).join("  \n"), entry.contentMarkdown || entry.summary].filter(Boolean).join("\n\n")
}

function multipart(fields: Record<string, string>): string {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  return `${parts.join("")}--${MULTIPART_BOUNDARY}--\r\n`
}

/** A custom integration's request: the URL's placeholders URL-encoded, the body's escaped for its content type. */
export function buildCustom(custom: CustomIntegration, entry: EntryContext): SavePlan {
  const { headers: rawHeaders } = parseHeaderLines(custom.headers)
  const headers = Object.fromEntries(
    Object.entries(rawHeaders).map(([name, value]) => [name, fillTemplate(value, entry, "none")]),
  )
  const type = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? ""
  const escaping = /json/i.test(type) ? "json" : /x-www-form-urlencoded/i.test(type) ? "form" : "none"
  const hasBody = custom.method !== "GET" && custom.method !== "DELETE" && custom.body.trim() !== ""
  return {
    kind: "http",
    steps: [
      {
        method: custom.method,
        url: fillTemplate(custom.url.trim(), entry, "url"),
        headers,
        ...(hasBody && { body: fillTemplate(custom.body, entry, escaping) }),
      },
    ],
  }
}
