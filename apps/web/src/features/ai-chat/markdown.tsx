// The model's answers are markdown. They are drawn as React elements from a small subset (paragraphs, headings,
// lists, quotes, code, emphasis, links), never as HTML: whatever markup a model writes shows as text, and only
// http(s) and app-relative links become links, so nothing it says can run in the page.
import { Fragment, type ReactNode } from "react"

type Block =
  | { kind: "p" | "quote"; text: string }
  | { kind: "h"; level: number; text: string }
  | { kind: "ul" | "ol"; items: string[] }
  | { kind: "code"; text: string }

const FENCE = /^\s*```/
const HEADING = /^(#{1,6})\s+(.*)$/
const BULLET = /^\s*[-*+]\s+(.*)$/
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/
const QUOTE = /^\s*>\s?(.*)$/

export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n")
  const blocks: Block[] = []
  let i = 0
  while (i < lines.length) {
    const line = lines[i]
    if (!line.trim()) {
      i++
      continue
    }
    if (FENCE.test(line)) {
      const code: string[] = []
      i++
      while (i < lines.length && !FENCE.test(lines[i])) code.push(lines[i++])
      i++
      blocks.push({ kind: "code", text: code.join("\n") })
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      blocks.push({ kind: "h", level: heading[1].length, text: heading[2] })
      i++
      continue
    }
    const list = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null
    if (list) {
      const items: string[] = []
      while (i < lines.length && lines[i].trim()) {
        const item = list.exec(lines[i])
        if (item) items.push(item[1])
        else if (items.length) items[items.length - 1] += ` ${lines[i].trim()}`
        i++
      }
      blocks.push({ kind: list === BULLET ? "ul" : "ol", items })
      continue
    }
    const kind = QUOTE.test(line) ? "quote" : "p"
    const text: string[] = []
    while (i < lines.length && lines[i].trim() && !FENCE.test(lines[i]) && !HEADING.test(lines[i])) {
      if (kind === "p" && (BULLET.test(lines[i]) || NUMBERED.test(lines[i]) || QUOTE.test(lines[i]))) break
      if (kind === "quote" && !QUOTE.test(lines[i])) break
      text.push(kind === "quote" ? (QUOTE.exec(lines[i])?.[1] ?? "") : lines[i])
      i++
    }
    blocks.push({ kind, text: text.join("\n") })
  }
  return blocks
}

/** Where a link may go: the web, or a page of the app itself. */
export function safeHref(url: string): string | undefined {
  if (url.startsWith("/") && !url.startsWith("//")) return url
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : undefined
  } catch {
    return undefined
  }
}

const INLINE =
  /(`[^`\n]+`)|\*\*([^*\n]+)\*\*|__([^_\n]+)__|\*([^*\n]+)\*|\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g

export function renderInline(text: string, key = "i"): ReactNode[] {
  const out: ReactNode[] = []
  let last = 0
  let n = 0
  for (const match of text.matchAll(INLINE)) {
    const at = match.index ?? 0
    if (at > last) out.push(text.slice(last, at))
    const k = `${key}-${n++}`
    const [, code, strong, strong2, em, label, url, bare] = match
    if (code) out.push(<code key={k}>{code.slice(1, -1)}</code>)
    else if (strong || strong2) out.push(<strong key={k}>{renderInline(strong ?? strong2, k)}</strong>)
    else if (em) out.push(<em key={k}>{renderInline(em, k)}</em>)
    else {
      const href = safeHref(url ?? bare)
      const shown = label ? renderInline(label, k) : bare
      out.push(
        href ? (
          <a key={k} href={href} target={href.startsWith("/") ? undefined : "_blank"} rel="noopener noreferrer">
            {shown}
          </a>
        ) : (
          <Fragment key={k}>{shown}</Fragment>
        ),
      )
    }
    last = at + match[0].length
  }
  if (last < text.length) out.push(text.slice(last))
  return out
}

/** Keeps line breaks inside a paragraph. */
function lines(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = []
  text.split("\n").forEach((line, i) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a finished text never move
    if (i) out.push(<br key={`${key}-br${i}`} />)
    out.push(...renderInline(line, `${key}-${i}`))
  })
  return out
}

export function Markdown({ text }: { text: string }) {
  return (
    <>
      {parseBlocks(text).map((block, i) => {
        const key = `b${i}`
        switch (block.kind) {
          case "h": {
            // Headings inside an answer stay below the page's own (h1/h2).
            const Tag = block.level <= 2 ? "h3" : "h4"
            return <Tag key={key}>{renderInline(block.text, key)}</Tag>
          }
          case "ul":
          case "ol": {
            const Tag = block.kind
            return (
              <Tag key={key}>
                {block.items.map((item, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the items of a finished text never move
                  <li key={j}>{renderInline(item, `${key}-${j}`)}</li>
                ))}
              </Tag>
            )
          }
          case "code":
            return (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide block scrolls sideways by keyboard too
              <pre key={key} tabIndex={0}>
                <code>{block.text}</code>
              </pre>
            )
          case "quote":
            return <blockquote key={key}>{lines(block.text, key)}</blockquote>
          default:
            return <p key={key}>{lines(block.text, key)}</p>
        }
      })}
    </>
  )
}
