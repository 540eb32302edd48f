// i18next set-up: flat dotted keys split by namespace (app, common, errors), errors under errors:<code>.
import i18next from "i18next"
import { initReactI18next } from "react-i18next"
import { DEFAULT_LANGUAGE, detectLanguage, LANGUAGE_STORAGE_KEY, matchLanguage } from "./languages.ts"
import { englishResources, loadLanguage, namespaces, supportedLanguages } from "./resources.ts"

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY)
  } catch {
    return null
  }
}

export async function initI18n(): Promise<typeof i18next> {
  const language = detectLanguage({
    search: window.location.search,
    stored: readStoredLanguage(),
    browser: navigator.languages ?? [navigator.language],
    supported: supportedLanguages,
  })
  await i18next.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: supportedLanguages,
    ns: [...namespaces],
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
  if (language !== DEFAULT_LANGUAGE && !i18next.hasResourceBundle(language, "app")) {
    for (const [ns, data] of Object.entries(await loadLanguage(language))) {
      i18next.addResourceBundle(language, ns, data, true, true)
    }
  }
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
