// i18next set-up: flat dotted keys split by namespace (app, common, errors), errors under errors:<code>.
import i18next, { type BackendModule } from "i18next"
import { initReactI18next } from "react-i18next"
import { DEFAULT_LANGUAGE, detectLanguage, LANGUAGE_STORAGE_KEY, matchLanguage } from "./languages.ts"
import { CORE_NAMESPACES, englishResources, loadNamespace, supportedLanguages } from "./resources.ts"

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY)
  } catch {
    return null
  }
}

/** An i18next backend over the locale files' dynamic imports. */
const onDemandBackend: BackendModule = {
  type: "backend",
  init: () => {},
  read: (language, namespace, callback) => {
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

export async function initI18n(): Promise<typeof i18next> {
  const language = detectLanguage({
    search: window.location.search,
    stored: readStoredLanguage(),
    browser: navigator.languages ?? [navigator.language],
    supported: supportedLanguages,
  })
  await i18next
    .use(onDemandBackend)
    .use(initReactI18next)
    .init({
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: supportedLanguages,
      // The rest load when a screen asks for them (a lazy route preloads its own, see app/router.tsx).
      ns: [...CORE_NAMESPACES],
      partialBundledLanguages: true,
      defaultNS: "app",
      resources: { en: englishResources },
      keySeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
  // A language asked for in the address is kept, as if chosen in the menu.
  const asked = new URLSearchParams(window.location.search).get("lng")
  await changeLanguage(language, matchLanguage(asked, supportedLanguages) !== undefined)
  return i18next
}

/** Switches the interface language; `remember` stores it for the next visits (local storage, spec order). */
export async function changeLanguage(language: string, remember = false): Promise<void> {
  // i18next loads, through the backend, every namespace loaded so far in the new language.
  await i18next.changeLanguage(language)
  document.documentElement.lang = language
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
    } catch {
      // Storage may be off (private windows); the language still applies to this visit.
    }
  }
}
