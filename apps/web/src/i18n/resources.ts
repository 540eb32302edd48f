// Locale files are found by file name, so adding a language means adding locales/<lang>/<namespace>.json only.
// The reader's own strings in English are bundled (English is also the fallback); every other namespace, and every
// other language, loads when a screen needs it, so the first screen downloads only what it shows.

type Namespace = Record<string, string>

/** What the timeline, the sidebar and their dialogs say: bundled in English, loaded first in other languages. */
export const CORE_NAMESPACES = ["app", "common", "errors", "subscriptions"] as const

/**
 * The rest: strings of screens and parts that load on demand (sign-in, the entry, the views' layouts, lists and
 * inboxes, profiles, settings, actions, discover, integrations, the guide), and the AI helpers' (loaded with the
 * first summary or translation shown, or with Settings › AI). Each arrives with its code (i18n/with-strings.ts).
 */
export const namespaces = [
  ...CORE_NAMESPACES,
  "auth",
  "lists",
  "profiles",
  "views",
  "actions",
  "admin",
  "ai",
  "ai-tasks",
  "ai-timeline",
  "ai-chat",
  "analytics",
  "discover",
  "guide",
  "integrations",
  "mcp",
  "settings",
  "speech",
  "wallet",
] as const

export type NamespaceName = (typeof namespaces)[number]

const bundled = import.meta.glob<Namespace>("./locales/en/{app,common,errors,subscriptions}.json", {
  eager: true,
  import: "default",
})
const onDemand = import.meta.glob<Namespace>(
  ["./locales/*/*.json", "!./locales/en/{app,common,errors,subscriptions}.json"],
  { import: "default" },
)

const fileParts = (path: string) => {
  const [, lang, file] = path.match(/\.\/locales\/([^/]+)\/([^/]+)\.json$/) ?? []
  return { lang, ns: file }
}

export const englishResources: Record<string, Namespace> = Object.fromEntries(
  Object.entries(bundled).map(([path, data]) => [fileParts(path).ns, data]),
)

export const supportedLanguages: string[] = [
  ...new Set(["en", ...Object.keys(onDemand).map((path) => fileParts(path).lang)]),
]

/** One namespace of one language (for the i18next backend); an unknown pair is empty. */
export async function loadNamespace(lang: string, ns: string): Promise<Namespace> {
  if (lang === "en" && englishResources[ns]) return englishResources[ns]
  const load = onDemand[`./locales/${lang}/${ns}.json`]
  return load ? load() : {}
}
