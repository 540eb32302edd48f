// Add a source: a feed URL, a website's address (its advertised feeds, via POST /discover), words to search, or an
// rsshub:// route. The reader picks a found feed, sees its latest entries (POST /entries/preview), chooses view,
// category, title, private and hide-from-timeline, and subscribes — or is told that it is already followed.

import { useMutation, useQuery } from "@tanstack/react-query"
import type { Feed } from "@tidings/shared"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link, useNavigate } from "react-router"
import { discoverFeeds, previewFeed } from "../../api/discover.ts"
import { Button } from "../../components/ui/button.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { timelinePath } from "../../lib/route-ids.ts"
import { toast } from "../../lib/toast.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { sourceKind } from "./source-input.ts"
import { SourceSubscribeForm } from "./source-subscribe-form.tsx"

export function AddSourceDialog({ onClose, view }: { onClose: () => void; view: number }) {
  const { t } = useTranslation(["app", "common"])
  const [text, setText] = useState("")
  const [picked, setPicked] = useState<Feed | null>(null)
  const subs = useSubscriptions().data ?? []
  const discover = useMutation({
    mutationFn: (keyword: string) => discoverFeeds(keyword, useSettingsStore.getState().ui.discoverLanguage),
    // One feed found: straight to its preview.
    onSuccess: (feeds) => setPicked(feeds.length === 1 ? feeds[0] : null),
  })
  const kind = sourceKind(text)

  const find = (event: FormEvent) => {
    event.preventDefault()
    setPicked(null)
    if (text.trim()) discover.mutate(text.trim())
  }
  const followed = (feed: Feed) => subs.find((sub) => sub.feedId === feed.id)

  return (
    <Dialog
      open
      onClose={onClose}
      title={t("subscription.add_title")}
      description={t("source.description")}
      testId="add-feed-dialog"
      wide
    >
      <form onSubmit={find} className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label={t("source.input")}
            autoFocus
            placeholder={t("source.placeholder")}
            value={text}
            onChange={(event) => setText(event.target.value)}
            data-testid="add-feed-url"
          />
        </div>
        <Button
          type="submit"
          variant={picked ? "secondary" : "primary"}
          disabled={discover.isPending || !text.trim()}
          data-testid="add-source-find"
        >
          {discover.isPending && <Spinner className="size-3.5" label={t("source.finding")} />}
          {kind === "keyword" ? t("source.search") : t("source.find")}
        </Button>
      </form>
      {text.trim() && <p className="mt-1.5 text-xs text-ink-soft">{t(`source.kind.${kind}`)}</p>}
      {discover.isError && (
        <p
          role="alert"
          className="mt-3 rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
          data-testid="add-feed-error"
        >
          {errorMessage(discover.error)}
        </p>
      )}
      {discover.isSuccess && discover.data.length === 0 && (
        <p
          role="alert"
          className="mt-3 rounded-lg bg-hover px-3 py-2 text-sm text-ink-soft"
          data-testid="add-feed-error"
        >
          {kind === "keyword" ? t("source.none_for_words") : t("source.none_at_address")}
        </p>
      )}
      {discover.isSuccess && discover.data.length > 1 && !picked && (
        <ul
          className="mt-4 max-h-72 divide-y divide-line overflow-y-auto rounded-xl border border-line"
          aria-label={t("source.found")}
        >
          {discover.data.map((feed) => (
            <li key={feed.id}>
              <button
                type="button"
                onClick={() => setPicked(feed)}
                className="flex w-full cursor-pointer items-center gap-3 px-3 py-2.5 text-left hover:bg-hover"
                data-testid="add-source-result"
              >
                <FeedIcon title={feed.title ?? feed.url} image={feed.image} className="size-5" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{feed.title ?? feed.url}</span>
                  <span className="block truncate text-xs text-ink-soft">{feed.url}</span>
                </span>
                {followed(feed) && <span className="shrink-0 text-xs text-accent-strong">{t("source.following")}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {picked && <PickedFeed feed={picked} view={view} onClose={onClose} followedView={followed(picked)?.view} />}
      <DiscoverLinks onClose={onClose} />
    </Dialog>
  )
}

function PickedFeed(props: { feed: Feed; view: number; followedView: number | undefined; onClose: () => void }) {
  const { feed, onClose } = props
  const { t } = useTranslation(["app", "common"])
  const navigate = useNavigate()
  const preview = useQuery({ queryKey: ["feed-preview", feed.id], queryFn: () => previewFeed(feed.id) })
  const title = feed.title ?? feed.url
  const open = (view: number) => {
    onClose()
    navigate(timelinePath({ view, feed: { kind: "feed", feedId: feed.id } }))
  }

  return (
    <div className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="add-source-picked" data-feed-id={feed.id}>
      <section className="min-w-0 self-start rounded-xl border border-line p-3" aria-label={t("source.preview")}>
        <div className="flex items-center gap-2">
          <FeedIcon title={title} image={feed.image} className="size-5" />
          <h3 className="min-w-0 truncate text-sm font-semibold">{title}</h3>
        </div>
        {feed.description && <p className="mt-1 line-clamp-2 text-xs text-ink-soft">{feed.description}</p>}
        <h4 className="mt-3 text-[0.6875rem] font-semibold tracking-wide text-ink-soft uppercase">
          {t("source.preview")}
        </h4>
        {preview.isPending ? (
          <Spinner className="mt-2 size-4" label={t("common:status.loading")} />
        ) : (
          <ul className="mt-1 space-y-1.5" data-testid="add-source-preview">
            {(preview.data ?? []).map((entry) => (
              <li key={entry.id} className="truncate text-sm">
                {entry.title || entry.description || t("entry.untitled")}
              </li>
            ))}
            {preview.isError && <li className="text-sm text-ink-soft">{errorMessage(preview.error)}</li>}
          </ul>
        )}
      </section>
      {props.followedView !== undefined ? (
        <div
          className="flex flex-col justify-center gap-3 rounded-xl bg-accent/10 p-4"
          role="status"
          data-testid="already-followed"
        >
          <p className="text-sm font-medium">{t("source.already_followed", { title })}</p>
          <Button variant="primary" onClick={() => open(props.followedView ?? 0)} data-testid="open-followed">
            {t("source.open_feed")}
          </Button>
        </div>
      ) : (
        <SourceSubscribeForm
          feed={feed}
          view={props.view}
          onSubscribed={(view) => {
            toast.success(t("subscription.added", { title }))
            open(view)
          }}
        />
      )}
    </div>
  )
}

/** The larger places to find sources, for a reader who does not know what to type. */
function DiscoverLinks({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("discover")
  const link = "font-medium text-accent-strong hover:underline focus-visible:outline-2 focus-visible:outline-accent"
  return (
    <p className="mt-4 flex flex-wrap gap-x-3 gap-y-1 border-t border-line pt-3 text-xs text-ink-soft">
      <span>{t("dialog.more")}</span>
      <Link to="/discover" onClick={onClose} className={link} data-testid="add-source-discover">
        {t("nav.discover")}
      </Link>
      <Link to="/rsshub" onClick={onClose} className={link}>
        {t("dialog.rsshub")}
      </Link>
    </p>
  )
}
