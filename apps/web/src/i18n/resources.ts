// Locale files are found by file name, so adding a language means adding locales/<lang>/<namespace>.json only.
// English is bundled (it is also the fallback); other languages load on demand.

type Namespace = Record<string, string>

const bundled = import.meta.glob<Namespace>("./locales/en/*.json", { eager: true, import: "default" })
const onDemand = import.meta.glob<Namespace>(["./locales/*/*.json", "!./locales/en/*.json"], { import: "default" })

const fileParts = (path: string) => {
  const [, lang, file] = path.match(/\.\/locales\/([^/]+)\/([^/]+)\.json$/) ?? []
  return { lang, ns: file }
}

export const namespaces = [
  "actions",
  "app",
  "auth",
  "common",
  "discover",
  "errors",
  "guide",
  "integrations",
  "lists",
  "profiles",
  "settings",
  "subscriptions",
  "views",
] as const

export const englishResources: Record<string, Namespace> = Object.fromEntries(
  Object.entries(bundled).map(([path, data]) => [fileParts(path).ns, data]),
)

export const supportedLanguages: string[] = [
  ...new Set(["en", ...Object.keys(onDemand).map((path) => fileParts(path).lang)]),
]

/** Every namespace of one language, for i18next.addResourceBundle. */
export async function loadLanguage(lang: string): Promise<Record<string, Namespace>> {
  const entries = Object.entries(onDemand).filter(([path]) => fileParts(path).lang === lang)
  const loaded = await Promise.all(entries.map(async ([path, load]) => [fileParts(path).ns, await load()] as const))
  return Object.fromEntries(loaded)
}
