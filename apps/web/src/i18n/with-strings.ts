// Code that loads on demand brings the strings it needs beyond the reader's own (i18n/resources.ts): both arrive
// before it renders, so it never shows a key or waits a second time.
import i18next from "i18next"
import type { NamespaceName } from "./resources.ts"

export function withStrings<T>(ns: NamespaceName[], load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), i18next.loadNamespaces(ns)]))[0]
}
