// Entry HTML as Markdown, for the services that take notes rather than pages (Obsidian, Outline) and for the
// {{contentMarkdown}} placeholder. Small on purpose: headings, paragraphs, emphasis, links, images, lists, quotes,
// code and line breaks; any other element keeps its text. It reads a parsed tree, so it runs on the browser's
// DOMParser and, in tests, on any DOM with the same few members.

/** The parts of a DOM node the conversion reads. */
export interface MarkdownNode {
  nodeType: number
  nodeName: string
  textContent: string | null
  childNodes: ArrayLike<MarkdownNode>
  getAttribute?: (name: string) => string | null
}

const TEXT_NODE = 3
const ELEMENT_NODE = 1
const BLOCK = new Set(["P", "DIV", "SECTION", "ARTICLE", "FIGURE", "HEADER", "FOOTER", "TABLE", "TR", "DL"])

export function htmlToMarkdown(root: MarkdownNode): string {
  return tidy(children(root, { list: [] }))
}

interface Scope {
  /** The enclosing lists, innermost last: "ul" or the next number of an "ol". */
  list: ("ul" | number)[]
  pre?: boolean
}

function children(node: MarkdownNode, scope: Scope): string {
  let out = ""
  for (const child of Array.from(node.childNodes)) out += convert(child, scope)
  return out
}

function convert(node: MarkdownNode, scope: Scope): string {
  if (node.nodeType === TEXT_NODE) {
    const text = node.textContent ?? ""
    return scope.pre ? text : text.replace(/\s+/g, " ")
  }
  if (node.nodeType !== ELEMENT_NODE) return ""
  const name = node.nodeName.toUpperCase()
  const attr = (key: string) => node.getAttribute?.(key) ?? ""
  const inner = () => children(node, scope)
  if (/^H[1-6]$/.test(name)) return `\n\n${"#".repeat(Number(name[1]))} ${inner().trim()}\n\n`
  if (BLOCK.has(name)) return `\n\n${inner().trim()}\n\n`
  switch (name) {
    case "BR":
      return "  \n"
    case "HR":
      return "\n\n---\n\n"
    case "STRONG":
    case "B":
      return wrap(inner(), "**")
    case "EM":
    case "I":
      return wrap(inner(), "_")
    case "DEL":
    case "S":
      return wrap(inner(), "~~")
    case "CODE":
      return scope.pre ? (node.textContent ?? "") : `\`${(node.textContent ?? "").replace(/`/g, "\\`")}\``
    case "PRE":
      return `\n\n\`\`\`\n${(node.textContent ?? "").replace(/\n$/, "")}\n\`\`\`\n\n`
    case "A": {
      const text = inner().trim()
      const href = attr("href")
      return href ? `[${text || href}](${href})` : text
    }
    case "IMG": {
      const src = attr("src")
      return src ? `![${attr("alt")}](${src})` : ""
    }
    case "BLOCKQUOTE":
      return `\n\n${tidy(inner())
        .split("\n")
        .map((line) => (line ? `> ${line}` : ">"))
        .join("\n")}\n\n`
    case "UL":
    case "OL":
      return `\n\n${children(node, { list: [...scope.list, name === "UL" ? "ul" : 1] }).replace(/\n+$/, "")}\n\n`
    case "LI":
      return listItem(node, scope)
    case "SCRIPT":
    case "STYLE":
    case "TEMPLATE":
      return ""
    default:
      return inner()
  }
}

function listItem(node: MarkdownNode, scope: Scope): string {
  const depth = scope.list.length - 1
  const kind = scope.list[depth]
  const marker = typeof kind === "number" ? `${kind}.` : "-"
  if (typeof kind === "number") scope.list[depth] = kind + 1
  // A tight item: its own lines (a nested list among them) under the marker, indented past it.
  const body = tidy(children(node, scope))
    .replace(/\n{2,}/g, "\n")
    .replace(/\n/g, `\n${" ".repeat(marker.length + 1)}`)
  return `${marker} ${body}\n`
}

function wrap(text: string, mark: string): string {
  const trimmed = text.trim()
  return trimmed ? `${mark}${trimmed}${mark}` : ""
}

/** Blank lines collapsed to one, spaces at line ends trimmed (but a hard break's two kept). */
function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, (spaces) => (spaces.startsWith("  ") ? "  \n" : "\n"))
    .replace(/\n{3,}/g, "\n\n")
    .trim()
}

/** In the browser: parse the entry's HTML and convert it. */
export function entryHtmlToMarkdown(html: string): string {
  if (!html.trim() || typeof DOMParser === "undefined") return html
  const doc = new DOMParser().parseFromString(html, "text/html")
  return htmlToMarkdown(doc.body as unknown as MarkdownNode)
}
