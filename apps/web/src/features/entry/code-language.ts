// Which language a code block is in: its own class (language-x / lang-x) first, else, when guessCodeLanguage is
// on, a guess from telltale patterns. Pure, so the rules are unit-tested; the highlighter loads separately.

/** The languages the highlighter loads; anything else stays plain text. */
export const HIGHLIGHT_LANGUAGES = [
  "bash",
  "c",
  "cpp",
  "css",
  "go",
  "html",
  "java",
  "javascript",
  "json",
  "python",
  "rust",
  "sql",
  "typescript",
  "yaml",
] as const
export type HighlightLanguage = (typeof HIGHLIGHT_LANGUAGES)[number]

const ALIASES: Record<string, HighlightLanguage> = {
  js: "javascript",
  jsx: "javascript",
  ts: "typescript",
  tsx: "typescript",
  py: "python",
  sh: "bash",
  shell: "bash",
  zsh: "bash",
  yml: "yaml",
  rs: "rust",
  golang: "go",
  "c++": "cpp",
  xml: "html",
}

function known(name: string): HighlightLanguage | null {
  const lower = name.toLowerCase()
  if ((HIGHLIGHT_LANGUAGES as readonly string[]).includes(lower)) return lower as HighlightLanguage
  return ALIASES[lower] ?? null
}

/** The language a block declares in its class attribute (language-ts, lang-js). */
export function declaredLanguage(className: string): HighlightLanguage | null {
  const match = /(?:^|\s)(?:language|lang)-([\w+#-]+)/i.exec(className)
  return match ? known(match[1]) : null
}

// Ordered: the first pattern that matches wins, so the more specific languages come first.
const GUESSES: [HighlightLanguage, RegExp][] = [
  ["json", /^\s*[[{][\s\S]*"[^"]+"\s*:[\s\S]*[\]}]\s*$/],
  ["html", /^\s*<(?:!doctype|html|div|p|span|head|body|a\s)/i],
  ["rust", /\bfn\s+\w+\s*\(|\blet\s+mut\b|\bimpl\b|::new\(/],
  ["go", /^package\s+\w+|\bfunc\s+\w*\s*\(|:=\s/m],
  ["python", /^\s*(?:def|class)\s+\w+.*:\s*$|^\s*(?:from\s+\S+\s+)?import\s+\w+\s*$|\bprint\(/m],
  ["typescript", /\binterface\s+\w+\s*{|:\s*(?:string|number|boolean)\b|\btype\s+\w+\s*=/],
  ["javascript", /\b(?:const|let|var)\s+\w+\s*=|\bfunction\s*\w*\s*\(|=>|console\.log\(/],
  ["sql", /^\s*(?:select|insert\s+into|update|delete\s+from|create\s+table)\b/im],
  ["css", /^\s*[.#]?[\w-]+(?:\s*[\w-.#:>]+)*\s*{\s*[\w-]+\s*:/m],
  ["bash", /^\s*(?:\$\s|sudo\s|npm\s|git\s|cd\s|echo\s|apt(?:-get)?\s)/m],
  ["yaml", /^\s*[\w-]+:\s+\S+\s*$(?:\n\s*[\w-]+:\s*.*$)+/m],
]

/** A guess for code without a declared language; null when nothing looks familiar. */
export function guessLanguage(code: string): HighlightLanguage | null {
  for (const [language, pattern] of GUESSES) if (pattern.test(code)) return language
  return null
}

export function blockLanguage(className: string, code: string, guess: boolean): HighlightLanguage | null {
  return declaredLanguage(className) ?? (guess ? guessLanguage(code) : null)
}
