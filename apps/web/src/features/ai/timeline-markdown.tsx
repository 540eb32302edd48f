// The small markdown a timeline summary is written in (paragraphs, bullet lists, **bold**, *italic*, `code`,
// [links](…)), drawn as React elements: no HTML from the model ever reaches the page. Links are kept only when
// they open an entry in the app (/timeline/…, the server writes those from the model's [n] citations); a link the
// model wrote itself (an entry's text may have asked it to) stays as its text.
import { Fragment, type ReactNode } from "react"
import { Link } from "react-router"

export type Block = { kind: "paragraph"; text: string } | { kind: "list"; items: string[] }

export function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = []
  let paragraph: string[] = []
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") })
    paragraph = []
  }
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim()
    const item = /^(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line)
    if (!line) flush()
    else if (item) {
      flush()
      const last = blocks.at(-1)
      if (last?.kind === "list") last.items.push(item[1]!)
      else blocks.push({ kind: "list", items: [item[1]!] })
    } else paragraph.push(line.replace(/^#{1,6}\s+/, ""))
  }
  flush()
  return blocks
}

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong" | "em" | "code"; text: string }
  | { kind: "link"; text: string; href: string; internal: boolean }

// Link text may itself be bracketed: the server links citations as [[3]](/timeline/…).
const INLINE = /\[((?:\[[^\]]*\]|[^\]])+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`/g

export function safeHref(href: string): { href: string; internal: boolean } | undefined {
  return /^\/timeline\/[^\s]*$/.test(href) ? { href, internal: true } : undefined
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = []
  let at = 0
  for (const m of text.matchAll(INLINE)) {
    if (m.index > at) out.push({ kind: "text", text: text.slice(at, m.index) })
    if (m[1] !== undefined) {
      const safe = safeHref(m[2]!)
      out.push(safe ? { kind: "link", text: m[1], ...safe } : { kind: "text", text: m[1] })
    } else if (m[3] !== undefined) out.push({ kind: "strong", text: m[3] })
    else if (m[4] !== undefined) out.push({ kind: "em", text: m[4] })
    else out.push({ kind: "code", text: m[5]! })
    at = m.index + m[0].length
  }
  if (at < text.length) out.push({ kind: "text", text: text.slice(at) })
  return out
}

function InlineText({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  return (
    <>
      {parseInline(text).map((part, i): ReactNode => {
        const key = `${i}`
        if (part.kind === "text") return <Fragment key={key}>{part.text}</Fragment>
        if (part.kind === "strong")
          return (
            <strong key={key} className="font-semibold text-ink">
              {part.text}
            </strong>
          )
        if (part.kind === "em") return <em key={key}>{part.text}</em>
        if (part.kind !== "link")
          return (
            <code key={key} className="rounded bg-hover px-1 font-mono text-[0.8125rem]">
              {part.text}
            </code>
          )
        const className = "font-medium text-accent-strong underline underline-offset-2 hover:text-accent"
        return (
          <Link key={key} to={part.href} className={className} onClick={onNavigate}>
            {part.text}
          </Link>
        )
      })}
    </>
  )
}

export function TimelineMarkdown({ markdown, onNavigate }: { markdown: string; onNavigate?: () => void }) {
  return (
    <div className="flex flex-col gap-3 text-sm leading-relaxed text-ink" data-testid="timeline-summary-text">
      {parseBlocks(markdown).map((block, i) =>
        block.kind === "paragraph" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text, never reordered
          <p key={i}>
            <InlineText text={block.text} onNavigate={onNavigate} />
          </p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a fixed text, never reordered
          <ul key={i} className="flex list-disc flex-col gap-1.5 pl-5">
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items of a fixed text, never reordered
              <li key={j}>
                <InlineText text={item} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  )
}
