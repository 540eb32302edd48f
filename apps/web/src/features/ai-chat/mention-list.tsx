// The "@" picker's listbox: feeds, entries and dates in groups. The focus stays in the input, which moves the
// active option (aria-activedescendant) and picks; the mouse picks here.
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { Icon, type IconName } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import type { Mention } from "./mentions.ts"
import type { MentionGroup } from "./use-mention-choices.ts"

export const MENTION_ICONS: Record<Mention["kind"], IconName> = { feed: "rss", entry: "fileText", date: "calendar" }

export interface MentionListProps {
  id: string
  groups: MentionGroup[]
  active: number
  onPick: (choice: Mention) => void
}

export const optionId = (listId: string, i: number) => `${listId}-${i}`

export function MentionList({ id, groups, active, onPick }: MentionListProps) {
  const { t } = useTranslation("ai-chat")
  // The active option stays in view as the arrows move past the list's height.
  useEffect(() => {
    document.getElementById(optionId(id, active))?.scrollIntoView({ block: "nearest" })
  }, [id, active])
  let index = 0
  return (
    <div
      id={id}
      role="listbox"
      aria-label={t("mention.label")}
      className="absolute right-0 bottom-full left-0 z-10 mb-1 max-h-72 overflow-y-auto rounded-lg border border-line bg-surface-raised py-1 shadow-lg"
      data-testid="chat-mention-list"
    >
      {groups.map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role=group; a fieldset is for form fields
        <div key={group.kind} role="group" aria-label={t(`mention.group.${group.kind}`)}>
          <div
            aria-hidden="true"
            className="px-3 pt-1.5 pb-0.5 text-[0.6875rem] font-semibold tracking-wide text-ink-faint uppercase"
          >
            {t(`mention.group.${group.kind}`)}
          </div>
          {group.choices.map((choice) => {
            const i = index++
            return (
              <div
                key={`${choice.kind}:${choice.id}`}
                id={optionId(id, i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                data-testid="chat-mention-option"
                data-kind={choice.kind}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(choice)}
                onKeyDown={(event) => event.key === "Enter" && onPick(choice)}
                className={cx("flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm", i === active && "bg-hover")}
              >
                <Icon name={MENTION_ICONS[choice.kind]} className="size-3.5 shrink-0 text-ink-faint" />
                <span className="min-w-0 flex-1 truncate">{choice.label}</span>
                <Detail choice={choice} />
              </div>
            )
          })}
        </div>
      ))}
    </div>
  )
}

/** The entry's feed, or the date window's days in the user's language. */
function Detail({ choice }: { choice: Mention }) {
  const { i18n } = useTranslation()
  let text = ""
  if (choice.kind === "entry") text = choice.source ?? ""
  if (choice.kind === "date") {
    const day = new Intl.DateTimeFormat(i18n.language, { month: "short", day: "numeric" })
    const last = new Date(Date.parse(choice.end) - 1)
    const first = new Date(choice.start)
    text =
      first.toDateString() === last.toDateString() ? day.format(first) : `${day.format(first)} – ${day.format(last)}`
  }
  if (!text) return null
  return <span className="max-w-[40%] shrink-0 truncate text-xs text-ink-faint">{text}</span>
}
