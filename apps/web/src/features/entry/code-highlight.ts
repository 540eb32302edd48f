// Shiki, loaded on demand (its own chunk, imported only when an entry has a <pre><code>): colours each code block
// with the light and dark themes of the settings. Tokens become <span>s built with textContent, never an HTML
// string; each carries both themes' colours as variables and the stylesheet picks one by colour scheme.
import { createHighlighterCore, type HighlighterCore } from "shiki/core"
import { createJavaScriptRegexEngine } from "shiki/engine/javascript"
import { CODE_BACKGROUND, readableOn } from "./code-contrast.ts"
import { blockLanguage, type HighlightLanguage } from "./code-language.ts"

type Loader = () => Promise<{ default: unknown }>

const LANGUAGE_LOADERS: Record<HighlightLanguage, Loader> = {
  bash: () => import("shiki/langs/bash.mjs"),
  c: () => import("shiki/langs/c.mjs"),
  cpp: () => import("shiki/langs/cpp.mjs"),
  css: () => import("shiki/langs/css.mjs"),
  go: () => import("shiki/langs/go.mjs"),
  html: () => import("shiki/langs/html.mjs"),
  java: () => import("shiki/langs/java.mjs"),
  javascript: () => import("shiki/langs/javascript.mjs"),
  json: () => import("shiki/langs/json.mjs"),
  python: () => import("shiki/langs/python.mjs"),
  rust: () => import("shiki/langs/rust.mjs"),
  sql: () => import("shiki/langs/sql.mjs"),
  typescript: () => import("shiki/langs/typescript.mjs"),
  yaml: () => import("shiki/langs/yaml.mjs"),
}

// The themes a user can pick are many; each one is still its own small chunk, loaded when chosen.
const THEME_LOADERS = import.meta.glob<{ default: unknown }>("../../../../../node_modules/shiki/dist/themes/*.mjs")

function themeLoader(name: string): Loader | null {
  const key = Object.keys(THEME_LOADERS).find((path) => path.endsWith(`/themes/${name}.mjs`))
  return key ? THEME_LOADERS[key] : null
}

let highlighter: Promise<HighlighterCore> | null = null

function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({ themes: [], langs: [], engine: createJavaScriptRegexEngine() })
  return highlighter
}

async function ensure(core: HighlighterCore, language: HighlightLanguage, themes: string[]): Promise<boolean> {
  if (!core.getLoadedLanguages().includes(language)) {
    // biome-ignore lint/suspicious/noExplicitAny: the grammar modules' default export is Shiki's own input type.
    await core.loadLanguage((await LANGUAGE_LOADERS[language]()).default as any)
  }
  for (const theme of themes) {
    if (core.getLoadedThemes().includes(theme)) continue
    const load = themeLoader(theme)
    if (!load) return false
    // biome-ignore lint/suspicious/noExplicitAny: as above, a theme registration object.
    await core.loadTheme((await load()).default as any)
  }
  return true
}

export interface HighlightOptions {
  light: string
  dark: string
  guess: boolean
}

/** Colours every <pre><code> under root; blocks in no known language stay as they are. */
export async function highlightCodeBlocks(root: HTMLElement, options: HighlightOptions): Promise<void> {
  const blocks = [...root.querySelectorAll<HTMLElement>("pre > code")]
  if (blocks.length === 0) return
  const core = await getHighlighter()
  for (const code of blocks) {
    const text = code.textContent ?? ""
    const language = blockLanguage(`${code.className} ${code.parentElement?.className ?? ""}`, text, options.guess)
    if (!language || !(await ensure(core, language, [options.light, options.dark]))) continue
    if (!root.contains(code)) return
    const lines = core.codeToTokens(text, {
      lang: language,
      themes: { light: options.light, dark: options.dark },
      defaultColor: false,
    })
    code.replaceChildren(...lines.tokens.flatMap((line, index) => lineNodes(line, index > 0)))
    code.dataset.highlighted = language
  }
}

type Token = { content: string; htmlStyle?: Record<string, string> }

function lineNodes(line: Token[], newline: boolean): Node[] {
  const nodes: Node[] = newline ? [document.createTextNode("\n")] : []
  for (const token of line) {
    const span = document.createElement("span")
    span.textContent = token.content
    const style = token.htmlStyle ?? {}
    if (style["--shiki-light"])
      style["--shiki-light"] = readableOn(style["--shiki-light"], CODE_BACKGROUND.light, "light")
    if (style["--shiki-dark"]) style["--shiki-dark"] = readableOn(style["--shiki-dark"], CODE_BACKGROUND.dark, "dark")
    for (const [name, value] of Object.entries(style)) span.style.setProperty(name, value)
    nodes.push(span)
  }
  return nodes
}
