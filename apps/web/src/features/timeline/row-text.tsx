// What every row and card of a long list reads from i18n and the settings, read once by the list and handed down in a
// context. react-i18next's useTranslation builds a copy of the i18n instance (all its property descriptors) for each
// component the first time it renders, and a settings selector subscribes each one to the store: a scroll frame
// mounts several rows, and those costs were a good part of the frames that missed their budget (e2e/views-perf).
import type { TFunction } from "i18next"
import { createContext, type ReactNode, useContext, useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { UiSettings } from "../../stores/settings-defaults.ts"
import { useEffectiveUi } from "../../stores/settings-store.ts"

export interface RowText {
  /** The app namespace by default, "common:…" for the common one: the namespaces every screen has loaded. */
  t: TFunction<["app", "common"]>
  language: string
  dateFormat: UiSettings["dateFormat"]
}

const RowTextContext = createContext<RowText | null>(null)

export function RowTextProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation(["app", "common"])
  const dateFormat = useEffectiveUi("dateFormat")
  const language = i18n.language
  const value = useMemo(() => ({ t, language, dateFormat }), [t, language, dateFormat])
  return <RowTextContext.Provider value={value}>{children}</RowTextContext.Provider>
}

export function useRowText(): RowText {
  const text = useContext(RowTextContext)
  if (!text) throw new Error("useRowText: a row rendered outside its list's RowTextProvider")
  return text
}
