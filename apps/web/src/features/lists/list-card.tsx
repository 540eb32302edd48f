// One of the owner's lists: what it is, its feeds (taken out one by one, added from the user's subscriptions or by
// feed id or address), editing, the public page and deleting.
import type { Feed, FeedSubscription, ListTarget } from "@tidings/shared"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { SelectField, TextField } from "../../components/ui/field.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { cx } from "../../lib/cx.ts"
import { viewMeta } from "../../lib/views.ts"
import { useAddListFeeds, useRemoveListFeed, useUpdateList } from "../../queries/lists.ts"
import { subscriptionTitle } from "../../queries/subscription-selectors.ts"
import { ListAvatar } from "./list-avatar.tsx"
import { ListEditor } from "./list-editor.tsx"
import { feedReference } from "./list-form.ts"

export interface ListCardProps {
  list: ListTarget
  subs: readonly FeedSubscription[]
  onDelete: () => void
  /** Why deleting it failed. The delete lives in the page: the optimistic removal unmounts this card. */
  deleteError: unknown
}

export function ListCard({ list, subs, onDelete, deleteError }: ListCardProps) {
  const { t } = useTranslation(["lists", "app"])
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const update = useUpdateList()
  const view = viewMeta(list.view)

  return (
    <li className="rounded-lg border border-line bg-surface p-3 sm:p-4" data-testid="list-card" data-list-id={list.id}>
      {editing ? (
        <ListEditor
          list={list}
          submitLabel={t("save")}
          onCancel={() => setEditing(false)}
          onSubmit={(fields) => {
            update.mutate({ listId: list.id, fields })
            setEditing(false)
          }}
        />
      ) : (
        <div className="flex items-start gap-3">
          <ListAvatar title={list.title} image={list.image} className="size-10 text-lg" />
          <div className="min-w-0 flex-1">
            <h2 className="truncate font-semibold" data-testid="list-card-title">
              {list.title}
            </h2>
            {list.description && <p className="mt-0.5 text-sm text-ink-soft">{list.description}</p>}
            <p className="mt-1 text-xs text-ink-faint">
              {[
                view ? t(`app:${view.nameKey}`) : null,
                list.fee > 0 ? t("fee_value", { fee: list.fee }) : t("free"),
                t("subscriber_count", { count: list.subscriptionCount ?? 0 }),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </div>
        </div>
      )}
      {!editing && (
        <div className="mt-3 flex flex-wrap gap-1.5">
          <Button size="sm" onClick={() => setEditing(true)} data-testid="list-edit">
            <Icon name="pencil" className="size-3.5" />
            {t("edit")}
          </Button>
          <Link
            to={`/share/lists/${encodeURIComponent(list.id)}`}
            className="inline-flex h-7 items-center gap-1.5 rounded-md border border-line px-2.5 text-xs font-medium hover:bg-hover"
            data-testid="list-public-link"
          >
            <Icon name="share" className="size-3.5" />
            {t("public_page")}
          </Link>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} data-testid="list-delete">
            <Icon name="trash" className="size-3.5" />
            {t("delete")}
          </Button>
        </div>
      )}
      {deleteError ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300" data-testid="list-delete-error">
          {errorMessage(deleteError)}
        </p>
      ) : null}
      <ListFeeds list={list} subs={subs} />
      <ConfirmDialog
        open={confirming}
        title={t("delete_title", { title: list.title })}
        description={t("delete_description")}
        confirmLabel={t("delete")}
        danger
        onClose={() => setConfirming(false)}
        onConfirm={onDelete}
      />
    </li>
  )
}

function ListFeeds({ list, subs }: { list: ListTarget; subs: readonly FeedSubscription[] }) {
  const { t } = useTranslation("lists")
  const removeFeed = useRemoveListFeed()
  const feeds = list.feeds ?? []
  return (
    <section className="mt-3 border-t border-line pt-3" aria-label={t("feeds_of", { title: list.title })}>
      <h3 className="text-xs font-semibold tracking-wide text-ink-faint uppercase">
        {t("feed_count", { count: feeds.length })}
      </h3>
      {feeds.length > 0 && (
        <ul className="mt-1.5 divide-y divide-line" data-testid="list-feeds">
          {feeds.map((feed) => (
            <li key={feed.id} className="flex items-center gap-2 py-1.5 text-sm" data-testid="list-feed">
              <FeedIcon title={feedTitle(feed)} image={feed.image} className="size-4" />
              <span className="min-w-0 flex-1 truncate" data-testid="list-feed-title">
                {feedTitle(feed)}
              </span>
              <Button
                size="icon"
                variant="ghost"
                className="size-7"
                aria-label={t("remove_feed", { title: feedTitle(feed) })}
                title={t("remove_feed", { title: feedTitle(feed) })}
                onClick={() => removeFeed.mutate({ listId: list.id, feedId: feed.id })}
                data-testid="list-feed-remove"
              >
                <Icon name="x" className="size-3.5" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <AddFeed list={list} subs={subs} />
    </section>
  )
}

const feedTitle = (feed: Feed) => feed.title || feed.url

function AddFeed({ list, subs }: { list: ListTarget; subs: readonly FeedSubscription[] }) {
  const { t } = useTranslation("lists")
  const add = useAddListFeeds()
  const choices = subs.filter((sub) => !list.feedIds.includes(sub.feedId))
  const [picked, setPicked] = useState("")
  const [reference, setReference] = useState("")
  const [problem, setProblem] = useState("")

  const addPicked = (event: FormEvent) => {
    event.preventDefault()
    const feedId = picked || choices[0]?.feedId
    if (feedId) add.mutate({ listId: list.id, feedIds: [feedId] }, { onSuccess: () => setPicked("") })
  }
  const addReference = (event: FormEvent) => {
    event.preventDefault()
    const ref = feedReference(reference)
    if (!ref) return setProblem(t("reference_problem"))
    setProblem("")
    const input = "url" in ref ? { listId: list.id, url: ref.url } : { listId: list.id, feedIds: [ref.feedId] }
    add.mutate(input, { onSuccess: () => setReference("") })
  }

  return (
    <div className={cx("mt-2 grid gap-2", choices.length > 0 && "sm:grid-cols-2")}>
      {choices.length > 0 && (
        <form onSubmit={addPicked} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <SelectField
              label={t("add_from_subscriptions")}
              value={picked || choices[0]?.feedId}
              onChange={(event) => setPicked(event.target.value)}
              data-testid="list-add-pick"
            >
              {choices.map((sub) => (
                <option key={sub.feedId} value={sub.feedId}>
                  {subscriptionTitle(sub)}
                </option>
              ))}
            </SelectField>
          </div>
          <Button type="submit" disabled={add.isPending} data-testid="list-add-pick-submit">
            {t("add")}
          </Button>
        </form>
      )}
      <form onSubmit={addReference} className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label={t("add_by_reference")}
            placeholder={t("add_by_reference_placeholder")}
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            data-testid="list-add-reference"
          />
        </div>
        <Button type="submit" disabled={add.isPending || !reference.trim()} data-testid="list-add-reference-submit">
          {t("add")}
        </Button>
      </form>
      <p role="alert" className="text-sm text-red-700 empty:hidden sm:col-span-2 dark:text-red-300">
        {problem}
      </p>
    </div>
  )
}
