// "Ask AI" on selected text: while text inside the article is selected, a small button sits under the selection;
// it opens the AI panel with the text quoted in the input, ready for the question.
import { type RefObject, useEffect, useState } from "react"
import { createPortal } from "react-dom"
import { useTranslation } from "react-i18next"
import { Icon } from "../../components/ui/icons.tsx"
import { useChatPanelStore } from "./chat-panel-store.ts"

/** Characters of a selection that go into the quote. */
const MAX_QUOTE = 2000

/** The selection as a markdown quote, followed by an empty line for the question. */
export function quoteOf(text: string): string {
  const cut = text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}…` : text
  const lines = cut
    .trim()
    .split(/\n+/)
    .map((line) => `> ${line.trim()}`)
  return `${lines.join("\n")}\n\n`
}

interface Spot {
  left: number
  top: number
  text: string
}

function currentSpot(container: HTMLElement | null): Spot | null {
  const selection = document.getSelection()
  if (!container || !selection || selection.isCollapsed || selection.rangeCount === 0) return null
  const text = selection.toString().trim()
  if (!text || !container.contains(selection.anchorNode) || !container.contains(selection.focusNode)) return null
  const rect = selection.getRangeAt(0).getBoundingClientRect()
  if (!rect.width && !rect.height) return null
  const width = 96
  const left = Math.max(8, Math.min(rect.left + rect.width / 2 - width / 2, window.innerWidth - width - 8))
  const below = rect.bottom + 8
  const top = below + 36 > window.innerHeight ? Math.max(8, rect.top - 40) : below
  return { left, top, text }
}

export function AskAiSelection({ container }: { container: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation()
  const [spot, setSpot] = useState<Spot | null>(null)
  useEffect(() => {
    let frame = 0
    const update = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(() => setSpot(currentSpot(container.current)))
    }
    document.addEventListener("selectionchange", update)
    window.addEventListener("scroll", update, true)
    window.addEventListener("resize", update)
    return () => {
      cancelAnimationFrame(frame)
      document.removeEventListener("selectionchange", update)
      window.removeEventListener("scroll", update, true)
      window.removeEventListener("resize", update)
    }
  }, [container])

  if (!spot) return null
  return createPortal(
    <button
      type="button"
      style={{ left: spot.left, top: spot.top }}
      // Pressing the button must not clear the selection before the click reads it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        useChatPanelStore.getState().ask(quoteOf(spot.text))
        document.getSelection()?.removeAllRanges()
        setSpot(null)
      }}
      className="fixed z-40 inline-flex h-8 items-center gap-1.5 rounded-full border border-line bg-surface-raised px-3 text-xs font-medium text-ink shadow-lg hover:bg-hover"
      data-testid="ask-ai"
    >
      <Icon name="sparkles" className="size-3.5 text-accent" />
      {t("ai_chat.ask")}
    </button>,
    document.body,
  )
}
