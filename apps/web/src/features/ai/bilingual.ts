// The bilingual reading mode: each block of the original (paragraph, heading, list, quote) followed by its
// translation. The server translates HTML keeping every tag, so the original and the translation have the same
// blocks in the same order; when they do not (a model that merged two paragraphs), the translation follows the
// whole original instead of being paired wrongly. Works on already sanitised fragments, with any DOM (linkedom in
// tests). Translated blocks carry data-translation (styled in index.css) and their language.

/** Elements that stand on their own line; everything else is inline and runs together with its neighbours. */
const BLOCK_TAGS = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "DETAILS",
  "DIV",
  "DL",
  "FIELDSET",
  "FIGCAPTION",
  "FIGURE",
  "FOOTER",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HEADER",
  "HR",
  "LI",
  "MAIN",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "TABLE",
  "UL",
])
/** Wrappers that hold the real blocks: one alone at the top is looked through. */
const WRAPPERS = new Set(["ARTICLE", "DIV", "MAIN", "SECTION", "BODY"])
/** Blocks never shown twice: code is not prose, and a rule or a picture has nothing to translate. */
const NOT_TRANSLATED = new Set(["PRE", "HR", "TABLE"])

const ELEMENT = 1
const TEXT = 3

const isBlank = (node: Node) => node.nodeType === TEXT && !node.textContent?.trim()
const isBlock = (node: Node) => node.nodeType === ELEMENT && BLOCK_TAGS.has((node as Element).tagName)

/** The node whose children are the content's blocks: through a single wrapper element, however deep. */
export function blockParent(root: ParentNode): ParentNode {
  let parent = root
  for (;;) {
    const significant = [...parent.childNodes].filter((node) => !isBlank(node))
    const only = significant[0]
    if (significant.length !== 1 || only.nodeType !== ELEMENT || !WRAPPERS.has((only as Element).tagName)) return parent
    parent = only as Element
  }
}

/** The blocks under `parent`: each block element alone, consecutive inline nodes together; blank text dropped. */
export function contentBlocks(parent: ParentNode): Node[][] {
  const blocks: Node[][] = []
  let run: Node[] = []
  for (const node of [...parent.childNodes]) {
    if (isBlock(node)) {
      if (run.some((n) => !isBlank(n))) blocks.push(run)
      run = []
      blocks.push([node])
    } else run.push(node)
  }
  if (run.some((n) => !isBlank(n))) blocks.push(run)
  return blocks
}

const textOf = (nodes: Node[]) =>
  nodes
    .map((node) => node.textContent ?? "")
    .join("")
    .replace(/\s+/g, " ")
    .trim()

/** Media the original block already shows: a translated block carries its text only. */
const MEDIA = "img, picture, video, audio, iframe, svg"

/** The translated block as one element, marked and languaged; an inline run is wrapped in a paragraph. */
function translatedElement(doc: Document, nodes: Node[], language: string): Element {
  const single = nodes.length === 1 && nodes[0].nodeType === ELEMENT ? (nodes[0] as Element) : undefined
  const element = single ?? doc.createElement("p")
  if (!single) for (const node of nodes) element.appendChild(node)
  for (const media of [...element.querySelectorAll(MEDIA)]) media.remove()
  element.setAttribute("data-translation", "")
  element.setAttribute("lang", language)
  return element
}

function worthShowing(original: Node[], translated: Node[]): boolean {
  if (original.length === 1 && original[0].nodeType === ELEMENT && NOT_TRANSLATED.has((original[0] as Element).tagName))
    return false
  const text = textOf(translated)
  return text !== "" && text !== textOf(original)
}

/**
 * Puts each translated block after its original block inside `original` (changed in place and returned). With a
 * different number of blocks, the translation follows the original as a whole.
 */
export function mergeBilingual<F extends DocumentFragment>(
  original: F,
  translated: DocumentFragment,
  language: string,
): F {
  const doc = original.ownerDocument
  const parent = blockParent(original)
  const mine = contentBlocks(parent)
  const theirs = contentBlocks(blockParent(translated))
  if (mine.length !== theirs.length) {
    const all = theirs.flat()
    if (textOf(all)) parent.appendChild(translatedElementGroup(doc, all, language))
    return original
  }
  mine.forEach((block, index) => {
    const other = theirs[index]
    if (!worthShowing(block, other)) return
    const last = block[block.length - 1]
    last.parentNode?.insertBefore(translatedElement(doc, other, language), last.nextSibling)
  })
  return original
}

/** The whole translation in one marked block, for contents whose blocks do not pair up. */
function translatedElementGroup(doc: Document, nodes: Node[], language: string): Element {
  const group = doc.createElement("div")
  for (const node of nodes) group.appendChild(node)
  for (const media of [...group.querySelectorAll(MEDIA)]) media.remove()
  group.setAttribute("data-translation", "")
  group.setAttribute("lang", language)
  return group
}
