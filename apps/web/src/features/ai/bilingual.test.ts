import { parseHTML } from "linkedom"
import { describe, expect, it } from "vitest"
import { blockParent, contentBlocks, mergeBilingual } from "./bilingual.ts"

const { document } = parseHTML("<!doctype html><html><body></body></html>")

function fragment(html: string): DocumentFragment {
  const template = document.createElement("template")
  template.innerHTML = html
  return template.content as unknown as DocumentFragment
}

function html(fragment: DocumentFragment): string {
  const box = document.createElement("div")
  box.appendChild(fragment as never)
  return box.innerHTML
}

/** The merged content as [text, translated?] per top-level block, easier to read than HTML. */
function shape(merged: DocumentFragment): [string, boolean][] {
  return contentBlocks(blockParent(merged)).map((nodes) => {
    const element = nodes[0] as Element
    return [
      nodes
        .map((n) => n.textContent)
        .join("")
        .trim(),
      nodes.length === 1 && element.nodeType === 1 && element.hasAttribute("data-translation"),
    ]
  })
}

describe("mergeBilingual", () => {
  it("puts each translated paragraph after its original, marked and in its language", () => {
    const merged = mergeBilingual(
      fragment("<h2>Notes</h2><p>First <b>point</b>.</p><p>Second point.</p>"),
      fragment("<h2>メモ</h2><p>最初の<b>点</b>。</p><p>二番目の点。</p>"),
      "ja",
    )
    expect(shape(merged)).toEqual([
      ["Notes", false],
      ["メモ", true],
      ["First point.", false],
      ["最初の点。", true],
      ["Second point.", false],
      ["二番目の点。", true],
    ])
    const out = html(merged)
    // The tags inside a translated block stay as the model kept them.
    expect(out).toMatch(/<p [^>]*lang="ja"[^>]*>最初の<b>点<\/b>。<\/p>/)
    expect(out).toMatch(/<p [^>]*data-translation=""[^>]*>最初の/)
  })

  it("looks through a single wrapper element on either side", () => {
    const merged = mergeBilingual(
      fragment("<div><div><p>One.</p><p>Two.</p></div></div>"),
      fragment("<div><p>Un.</p><p>Deux.</p></div>"),
      "fr",
    )
    expect(shape(merged)).toEqual([
      ["One.", false],
      ["Un.", true],
      ["Two.", false],
      ["Deux.", true],
    ])
  })

  it("pairs a run of inline text as one block, wrapping its translation in a paragraph", () => {
    const merged = mergeBilingual(
      fragment("Plain <em>text</em> here<p>Para.</p>"),
      fragment("Texte <em>brut</em> ici<p>Paragraphe.</p>"),
      "fr",
    )
    expect(shape(merged)).toEqual([
      ["Plain text here", false],
      ["Texte brut ici", true],
      ["Para.", false],
      ["Paragraphe.", true],
    ])
  })

  it("does not repeat code, rules, or blocks the translation left unchanged", () => {
    const merged = mergeBilingual(
      fragment("<p>Run it:</p><pre><code>npm test</code></pre><hr><p>OpenAI</p>"),
      fragment("<p>実行:</p><pre><code>npm テスト</code></pre><hr><p>OpenAI</p>"),
      "ja",
    )
    expect(shape(merged)).toEqual([
      ["Run it:", false],
      ["実行:", true],
      ["npm test", false],
      ["", false],
      ["OpenAI", false],
    ])
  })

  it("puts the whole translation after the original when the blocks do not pair up", () => {
    const merged = mergeBilingual(
      fragment("<p>One.</p><p>Two.</p><p>Three.</p>"),
      fragment("<p>Un. Deux.</p><p>Trois.</p>"),
      "fr",
    )
    const blocks = shape(merged)
    expect(blocks.slice(0, 3)).toEqual([
      ["One.", false],
      ["Two.", false],
      ["Three.", false],
    ])
    expect(blocks[3]).toEqual(["Un. Deux.Trois.", true])
  })

  it("shows a block's pictures once: the translated block carries the text only", () => {
    const merged = mergeBilingual(
      fragment('<p><img src="https://x.example/a.png" alt="">A caption.</p>'),
      fragment('<p><img src="https://x.example/a.png" alt="">Une légende.</p>'),
      "fr",
    )
    expect(shape(merged)).toEqual([
      ["A caption.", false],
      ["Une légende.", true],
    ])
    expect(html(merged).match(/<img/g)).toHaveLength(1)
  })

  it("adds nothing for an empty translation", () => {
    const merged = mergeBilingual(fragment("<p>One.</p>"), fragment("  "), "fr")
    expect(shape(merged)).toEqual([["One.", false]])
  })
})
