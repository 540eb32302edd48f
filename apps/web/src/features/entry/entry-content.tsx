// The entry's HTML, sanitised and inserted as DOM nodes (never as an HTML string).
import { type CSSProperties, useLayoutEffect, useRef } from "react"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { sanitizeEntryHtml } from "./sanitize.ts"

export function EntryContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null)
  const fontSize = useSettingsStore((state) => state.ui.contentFontSize)
  const lineHeight = useSettingsStore((state) => state.ui.contentLineHeight)

  useLayoutEffect(() => {
    ref.current?.replaceChildren(sanitizeEntryHtml(html, { allowMedia: true }))
  }, [html])

  return (
    <div
      ref={ref}
      className="entry-content"
      data-testid="entry-content"
      style={{ "--content-font-size": `${fontSize}px`, "--content-line-height": lineHeight } as CSSProperties}
    />
  )
}
