// Where the reader writes: the user's AI shortcuts as chips above (a click puts the prompt in), the open entry as
// context that can be taken off, @ to mention a feed, an entry or a date window (mentions.ts), Enter to send
// (Shift+Enter for a new line), and Stop while the answer streams.
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useChatPanelStore } from "./chat-panel-store.ts"
import { MentionList, optionId } from "./mention-list.tsx"
import { insertMention, type Mention, type MentionQuery, mentionAt, mentionsIn } from "./mentions.ts"
import { useMentionChoices } from "./use-mention-choices.ts"

export interface ChatInputProps {
  busy: boolean
  /** The mentions are those picked and still named in the text. */
  onSend: (text: string, mentions: Mention[]) => void
  onStop: () => void
  /** The open entry the chat is about, shown as a chip. */
  context?: { title: string; onRemove: () => void }
  autoFocus?: boolean
}

export function ChatInput({ busy, onSend, onStop, context, autoFocus }: ChatInputProps) {
  const { t } = useTranslation("ai-chat")
  const shortcuts = useSettingsStore((state) => state.ai.shortcuts)
  const [text, setText] = useState("")
  const area = useRef<HTMLTextAreaElement>(null)
  const draftSeq = useChatPanelStore((state) => state.draft?.seq)
  const [mentions, setMentions] = useState<Mention[]>([])
  const [typing, setTyping] = useState<MentionQuery | null>(null)
  /** Where the mention that Escape closed starts: it stays closed while the user types on. */
  const [dismissed, setDismissed] = useState<number | null>(null)
  const [active, setActive] = useState(0)
  const listId = useId()
  const groups = useMentionChoices(typing && typing.start !== dismissed ? typing : null)
  const choices = groups.flatMap((g) => g.choices)
  const picking = choices.length > 0
  const activeIndex = Math.min(active, choices.length - 1)

  // "Ask AI" on a quote: the quote goes into the input, ready for the question.
  useEffect(() => {
    if (draftSeq === undefined) return
    const draft = useChatPanelStore.getState().takeDraft()
    if (draft === null) return
    setText(draft)
    requestAnimationFrame(() => {
      area.current?.focus()
      area.current?.setSelectionRange(draft.length, draft.length)
    })
  }, [draftSeq])

  useEffect(() => {
    if (autoFocus) area.current?.focus()
  }, [autoFocus])

  // The field grows with its text up to a few lines, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the text changes
  useEffect(() => {
    const el = area.current
    if (!el) return
    el.style.height = "auto"
    el.style.height = `${Math.min(el.scrollHeight, 160)}px`
  }, [text])

  const send = (event?: FormEvent) => {
    event?.preventDefault()
    if (busy || !text.trim()) return
    onSend(text.trim(), mentionsIn(text, mentions))
    setText("")
    setMentions([])
    setTyping(null)
  }
  const pick = (choice: Mention) => {
    if (!typing) return
    const next = insertMention(text, typing, choice.label)
    setText(next.text)
    setMentions((current) => [...current, choice])
    setTyping(null)
    requestAnimationFrame(() => {
      area.current?.focus()
      area.current?.setSelectionRange(next.caret, next.caret)
    })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (picking) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault()
        const step = event.key === "ArrowDown" ? 1 : -1
        setActive((i) => (i + step + choices.length) % choices.length)
        return
      }
      if ((event.key === "Enter" || event.key === "Tab") && !event.nativeEvent.isComposing) {
        event.preventDefault()
        pick(choices[activeIndex])
        return
      }
      if (event.key === "Escape") {
        event.preventDefault()
        event.stopPropagation()
        setDismissed(typing?.start ?? null)
        return
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) send(event)
  }
  const onChange = (value: string, caret: number) => {
    setText(value)
    const next = mentionAt(
      value,
      caret,
      mentions.map((m) => m.label),
    )
    setTyping(next)
    if (next?.start !== dismissed) setDismissed(null)
    setActive(0)
  }
  const applyShortcut = (prompt: string) => {
    setText((current) => (current.trim() ? `${current.trimEnd()}\n\n${prompt}` : prompt))
    area.current?.focus()
  }

  return (
    <form onSubmit={send} className="flex flex-col gap-2" data-testid="chat-input-form">
      {(shortcuts.length > 0 || context) && (
        <div className="flex flex-wrap items-center gap-1.5">
          {context && (
            <span
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-line bg-surface-raised py-0.5 pr-1 pl-2 text-xs text-ink-soft"
              data-testid="chat-context"
            >
              <Icon name="fileText" className="size-3.5 shrink-0" />
              <span className="truncate">{context.title}</span>
              <button
                type="button"
                onClick={context.onRemove}
                className="rounded-full p-0.5 hover:bg-hover"
                aria-label={t("context.remove", { title: context.title })}
                title={t("context.remove", { title: context.title })}
              >
                <Icon name="x" className="size-3" />
              </button>
            </span>
          )}
          {shortcuts.map((shortcut, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: shortcuts have no id; two may share a name
              key={i}
              type="button"
              onClick={() => applyShortcut(shortcut.prompt)}
              title={shortcut.prompt}
              className="rounded-full border border-accent/40 px-2.5 py-0.5 text-xs font-medium text-accent-strong hover:bg-accent/10"
              data-testid="chat-shortcut"
            >
              {shortcut.name}
            </button>
          ))}
        </div>
      )}
      <div className="relative flex items-end gap-2 rounded-xl border border-line bg-surface px-2.5 py-2 focus-within:border-accent">
        {picking && <MentionList id={listId} groups={groups} active={activeIndex} onPick={pick} />}
        <textarea
          ref={area}
          rows={1}
          value={text}
          onChange={(event) => onChange(event.target.value, event.target.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setTyping(null)}
          role="combobox"
          aria-expanded={picking}
          aria-controls={picking ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={picking ? optionId(listId, activeIndex) : undefined}
          placeholder={t("input.placeholder")}
          aria-label={t("input.label")}
          className="max-h-40 min-h-6 flex-1 resize-none bg-transparent text-sm leading-6 outline-none placeholder:text-ink-faint"
          data-testid="chat-input"
        />
        {busy ? (
          <Button size="sm" variant="secondary" onClick={onStop} data-testid="chat-stop">
            <span className="size-2.5 rounded-[2px] bg-current" aria-hidden="true" />
            {t("stop")}
          </Button>
        ) : (
          <Button size="sm" variant="primary" type="submit" disabled={!text.trim()} data-testid="chat-send">
            {t("send")}
          </Button>
        )}
      </div>
    </form>
  )
}
