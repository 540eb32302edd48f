// Actions on the open entry: read/unread, star/unstar, open the original.
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { cx } from "../../lib/cx.ts"
import { useSetEntryStar } from "../../queries/collections.ts"
import { useSetEntryRead } from "../../queries/reads.ts"

export interface EntryToolbarProps {
  entryId: string
  view: number
  read: boolean
  starred: boolean
  url: string | null
}

export function EntryToolbar({ entryId, view, read, starred, url }: EntryToolbarProps) {
  const { t } = useTranslation()
  const setRead = useSetEntryRead()
  const setStar = useSetEntryStar()
  const readLabel = read ? t("entry.mark_unread") : t("entry.mark_read")
  const starLabel = starred ? t("entry.unstar") : t("entry.star")

  return (
    <div className="flex items-center gap-1" role="toolbar" aria-label={t("entry.actions")}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={readLabel}
        title={readLabel}
        aria-pressed={!read}
        onClick={() => setRead.mutate({ id: entryId, read: !read })}
        data-testid="toggle-read"
      >
        <Icon name="circle" filled={!read} className={cx("size-3.5", !read && "text-accent")} />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={starLabel}
        title={starLabel}
        aria-pressed={starred}
        onClick={() => setStar.mutate({ id: entryId, star: !starred, view })}
        data-testid="toggle-star"
      >
        <Icon name="star" filled={starred} className={cx("size-4", starred && "text-amber-500")} />
      </Button>
      {url && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t("entry.open_original")}
          title={t("entry.open_original")}
          className="inline-flex size-8 items-center justify-center rounded-md text-ink-soft transition-colors hover:bg-hover hover:text-ink"
          data-testid="open-original"
        >
          <Icon name="externalLink" />
        </a>
      )}
    </div>
  )
}
