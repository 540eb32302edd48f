// The Markdown a model writes (task results, daily digests) as React elements. Nothing is ever set as HTML: every
// piece of text is a text node, so the model cannot inject markup; links are kept only to this app's own paths
// (opened by the router: a digest's links open entries) and to http(s) pages (a new tab).
import type { ReactNode } from "react"
import { Link } from "react-router"

type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "list"; ordered: boolean; items: string[] }
  | { kind: "code"; text: string }
  | { kind: "quote"; text: string }
  | { kind: "rule" }
  | { kind: "paragraph"; text: string }

export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n")
  const blocks: Block[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]!
    if (!line.trim()) {
      i++
      continue
    }
    if (line.trimStart().startsWith("```")) {
      const body: string[] = []
      i++
      while (i < lines.length && !lines[i]!.trimStart().startsWith("```")) body.push(lines[i++]!)
      i++
      blocks.push({ kind: "code", text: body.join("\n") })
      continue
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line)
    if (heading) {
      blocks.push({ kind: "heading", level: heading[1]!.length, text: heading[2]!.replace(/\s#+\s*$/, "") })
      i++
      continue
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ kind: "rule" })
      i++
      continue
    }
    const item = /^\s*(?:([-*+])|(\d{1,3})[.)])\s+(.*)$/.exec(line)
    if (item) {
      const ordered = item[2] !== undefined
      const items: string[] = []
      while (i < lines.length) {
        const m = /^\s*(?:([-*+])|(\d{1,3})[.)])\s+(.*)$/.exec(lines[i]!)
        if (m && (m[2] !== undefined) === ordered) items.push(m[3]!)
        else if (lines[i]!.trim() && /^\s{2,}/.test(lines[i]!) && items.length)
          items[items.length - 1] += ` ${lines[i]!.trim()}`
        else break
        i++
      }
      blocks.push({ kind: "list", ordered, items })
      continue
    }
    if (line.startsWith(">")) {
      const body: string[] = []
      while (i < lines.length && lines[i]!.startsWith(">")) body.push(lines[i++]!.replace(/^>\s?/, ""))
      blocks.push({ kind: "quote", text: body.join(" ") })
      continue
    }
    const body: string[] = []
    while (i < lines.length && lines[i]!.trim() && !/^(#{1,6}\s|```|>|\s*(?:[-*+]|\d{1,3}[.)])\s)/.test(lines[i]!))
      body.push(lines[i++]!.trim())
    if (!body.length) body.push(lines[i++]!.trim())
    blocks.push({ kind: "paragraph", text: body.join(" ") })
  }
  return blocks
}

const INLINE =
  /(`[^`]+`)|\[((?:[^[\]]|\[[^\]]*\])*)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|(?<![\w])_([^_\s][^_]*)_(?![\w])/g

/** A link's target if it is one we keep: this app's path, or an http(s) address. */
export function safeHref(href: string): { internal: boolean; href: string } | undefined {
  if (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\")) return { internal: true, href }
  try {
    const url = new URL(href)
    if (url.protocol === "http:" || url.protocol === "https:") return { internal: false, href: url.href }
  } catch {
    // not a URL
  }
  return undefined
}

function inline(text: string, onNavigate: (() => void) | undefined, key = "i"): ReactNode[] {
  const out: ReactNode[] = []
  let last = 0
  let n = 0
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index))
    const k = `${key}-${n++}`
    if (m[1]) out.push(<code key={k}>{m[1].slice(1, -1)}</code>)
    else if (m[2] !== undefined) {
      const target = safeHref(m[3]!)
      const label = inline(m[2], undefined, k)
      if (!target) out.push(...label)
      else if (target.internal)
        out.push(
          <Link key={k} to={target.href} onClick={onNavigate} className={LINK}>
            {label}
          </Link>,
        )
      else
        out.push(
          <a key={k} href={target.href} target="_blank" rel="noopener noreferrer" className={LINK}>
            {label}
          </a>,
        )
    } else if (m[4] ?? m[5]) out.push(<strong key={k}>{inline((m[4] ?? m[5])!, onNavigate, k)}</strong>)
    else if (m[6] ?? m[7]) out.push(<em key={k}>{inline((m[6] ?? m[7])!, onNavigate, k)}</em>)
    last = m.index + m[0].length
  }
  if (last < text.length) out.push(text.slice(last))
  return out
}

const LINK = "font-medium text-accent-strong underline underline-offset-2 hover:text-accent"

// Inside a dialog or a settings section (h2): the model's headings start at h3.
const HEADINGS = ["h3", "h3", "h3", "h4", "h5", "h5"] as const

export function Markdown({ text, onNavigate, testId }: { text: string; onNavigate?: () => void; testId?: string }) {
  return (
    <div className="ai-markdown text-sm leading-relaxed text-ink" data-testid={testId}>
      {parseBlocks(text).map((block, i) => {
        const key = `b${i}`
        switch (block.kind) {
          case "heading": {
            const Tag = HEADINGS[block.level - 1]!
            return (
              <Tag key={key} className="mt-4 mb-1.5 text-[0.9375rem] font-semibold first:mt-0">
                {inline(block.text, onNavigate, key)}
              </Tag>
            )
          }
          case "list": {
            const Tag = block.ordered ? "ol" : "ul"
            return (
              <Tag key={key} className={`my-2 space-y-1 pl-5 ${block.ordered ? "list-decimal" : "list-disc"}`}>
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the items are fixed text, in order
                  <li key={j}>{inline(item, onNavigate, `${key}-${j}`)}</li>
                ))}
              </Tag>
            )
          }
          case "code":
            return (
              <pre key={key} className="my-2 overflow-x-auto rounded-lg bg-hover p-3 text-xs">
                <code>{block.text}</code>
              </pre>
            )
          case "quote":
            return (
              <blockquote key={key} className="my-2 border-l-2 border-line pl-3 text-ink-soft">
                {inline(block.text, onNavigate, key)}
              </blockquote>
            )
          case "rule":
            return <hr key={key} className="my-3 border-line" />
          default:
            return (
              <p key={key} className="my-2 first:mt-0">
                {inline(block.text, onNavigate, key)}
              </p>
            )
        }
      })}
    </div>
  )
}
