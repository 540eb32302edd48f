// The entry's HTML, sanitised and inserted as DOM nodes (never as an HTML string), styled by the reader settings
// (font, size, line height, the user's custom CSS scoped to it). Its pictures open the gallery across the entry's
// pictures, and a link to another site asks first while jumpOutLinkWarn is on.
import { type CSSProperties, type MouseEvent, useLayoutEffect, useMemo, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { effectiveUi } from "../../stores/settings-gate.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { mergeBilingual } from "../ai/bilingual.ts"
import type { EntryPicture } from "../views/entry-media.ts"
import { useMediaOverlay } from "../views/gallery-store.ts"
import { externalHref } from "./content-links.ts"
import { CONTENT_SCOPE_ATTR, readerFontStack, scopeCustomCss } from "./reader-style.ts"
import { sanitizeEntryHtml } from "./sanitize.ts"

export interface EntryTranslation {
  html: string
  mode: "bilingual" | "translation-only"
  language: string
}

export interface EntryContentProps {
  html: string
  entryId: string
  title: string
  translation?: EntryTranslation
}

export function EntryContent({ html, entryId, title, translation }: EntryContentProps) {
  const { t } = useTranslation("app")
  const ref = useRef<HTMLDivElement>(null)
  const ui = useSettingsStore((state) => state.ui)
  const enhanced = useSettingsStore((state) => state.general.enhancedSettings)
  const warnJumpOut = useSettingsStore((state) => state.general.jumpOutLinkWarn)
  const keepInlineStyle = effectiveUi(ui, enhanced, "readerRenderInlineStyle")
  const openOverlay = useMediaOverlay((state) => state.open)
  const [pendingLink, setPendingLink] = useState<string | null>(null)
  const scopedCss = useMemo(() => scopeCustomCss(ui.customCSS), [ui.customCSS])

  const codeLight = effectiveUi(ui, enhanced, "codeHighlightThemeLight")
  const codeDark = effectiveUi(ui, enhanced, "codeHighlightThemeDark")
  const guessCode = ui.guessCodeLanguage
  const { html: translatedHtml, mode: translationMode, language: translationLanguage } = translation ?? {}

  useLayoutEffect(() => {
    const root = ref.current
    if (!root) return
    const options = { allowMedia: true, keepInlineStyle }
    const original = sanitizeEntryHtml(html, options)
    // The model's HTML is sanitised here again like any entry HTML, whatever the server already did.
    const translated = translatedHtml === undefined ? undefined : sanitizeEntryHtml(translatedHtml, options)
    const only = translationMode === "translation-only"
    root.replaceChildren(
      !translated ? original : only ? translated : mergeBilingual(original, translated, translationLanguage ?? ""),
    )
    if (translated && only && translationLanguage) root.setAttribute("lang", translationLanguage)
    else root.removeAttribute("lang")
    // Shiki is a separate chunk, fetched only for an entry that has code.
    if (root.querySelector("pre > code")) {
      void import("./code-highlight.ts")
        .then((module) => module.highlightCodeBlocks(root, { light: codeLight, dark: codeDark, guess: guessCode }))
        // A chunk that fails to load leaves the code plain, which still reads fine.
        .catch(() => undefined)
    }
  }, [html, translatedHtml, translationMode, translationLanguage, keepInlineStyle, codeLight, codeDark, guessCode])

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!(event.target instanceof Element) || !ref.current) return
    const link = event.target.closest("a")
    const image = event.target.closest("img")
    // A picture inside a link opens the gallery too: the link usually points at the same picture, larger.
    if (image && ref.current.contains(image)) {
      const pictures = contentPictures(ref.current)
      const index = pictures.findIndex((picture) => picture.url === image.currentSrc || picture.url === image.src)
      if (index < 0) return
      event.preventDefault()
      openOverlay({ kind: "gallery", entryId, title, pictures, index })
      return
    }
    if (!warnJumpOut || !link || event.defaultPrevented) return
    const href = externalHref(link.getAttribute("href"), window.location.origin)
    if (!href) return
    event.preventDefault()
    setPendingLink(href)
  }

  const style = {
    "--content-font-size": `${ui.contentFontSize}px`,
    "--content-line-height": ui.contentLineHeight,
    fontFamily: readerFontStack(ui.readerFontFamily),
  } as CSSProperties

  return (
    <>
      {scopedCss && <style data-testid="entry-custom-css">{scopedCss}</style>}
      {/* Clicks are delegated: the content is foreign HTML whose links and pictures get no handlers of their own. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: links inside stay keyboard-operable; Enter on a link fires this click */}
      <div
        ref={ref}
        className="entry-content"
        data-testid="entry-content"
        {...{ [CONTENT_SCOPE_ATTR]: "" }}
        style={style}
        onClick={onClick}
      />
      <ConfirmDialog
        open={pendingLink !== null}
        title={t("entry.jump_out_title")}
        description={t("entry.jump_out_description", { url: pendingLink ?? "" })}
        confirmLabel={t("entry.jump_out_confirm")}
        onConfirm={() => {
          if (pendingLink) window.open(pendingLink, "_blank", "noopener,noreferrer")
        }}
        onClose={() => setPendingLink(null)}
      />
    </>
  )
}

/** The content's pictures in document order, each address once (a picture repeated in the text is one slide). */
function contentPictures(root: HTMLElement): EntryPicture[] {
  const seen = new Set<string>()
  const pictures: EntryPicture[] = []
  for (const image of root.querySelectorAll("img")) {
    const url = image.currentSrc || image.src
    if (!url || seen.has(url)) continue
    seen.add(url)
    pictures.push({ url, width: image.naturalWidth || undefined, height: image.naturalHeight || undefined })
  }
  return pictures
}
