// The saved-search dialogs: save a query under a name (from the command palette), rename one and delete one (from
// its sidebar row's menu). Loaded when one first opens.
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import type { SavedSearch } from "../../api/saved-searches.ts"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { type TimelineLocation, timelinePath } from "../../lib/route-ids.ts"
import { toast } from "../../lib/toast.ts"
import { useCreateSavedSearch, useDeleteSavedSearch, useUpdateSavedSearch } from "../../queries/saved-searches.ts"
import { DialogActions } from "./subscription-dialogs.tsx"

/**
 * Focus on the field once the dialog is open: the native dialog's showModal (in the parent's effect, after this
 * one) would otherwise move it to the first button, the close button.
 */
function useFocusAfterOpen(ref: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const timer = setTimeout(() => {
      ref.current?.focus()
      ref.current?.select()
    })
    return () => clearTimeout(timer)
  }, [ref])
}

/** The query as its first title: short enough for a sidebar row. */
function titleOf(query: string): string {
  const text = query.trim().replace(/\s+/g, " ")
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

export function SaveSearchDialog(props: { query: string; view: number; onClose: () => void }) {
  const { t } = useTranslation(["app", "common"])
  const navigate = useNavigate()
  const create = useCreateSavedSearch()
  const [query, setQuery] = useState(props.query)
  const [title, setTitle] = useState(() => titleOf(props.query))
  const trimmed = title.trim()
  const nameRef = useRef<HTMLInputElement>(null)
  useFocusAfterOpen(nameRef)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!trimmed || !query.trim()) return
    create.mutate(
      { title: trimmed, query: query.trim() },
      {
        onSuccess: (saved) => {
          toast.success(t("saved_search.saved", { title: saved.title }))
          props.onClose()
          navigate(timelinePath({ view: props.view, feed: { kind: "search", searchId: saved.id } }))
        },
      },
    )
  }

  return (
    <Dialog open onClose={props.onClose} title={t("saved_search.save_title")} testId="save-search-dialog">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          ref={nameRef}
          label={t("saved_search.name")}
          value={title}
          required
          maxLength={100}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="save-search-name"
        />
        <TextField
          label={t("saved_search.query")}
          value={query}
          required
          maxLength={500}
          onChange={(event) => setQuery(event.target.value)}
          data-testid="save-search-query"
        />
        <DialogActions
          submitLabel={t("common:actions.save")}
          onCancel={props.onClose}
          disabled={!trimmed || !query.trim() || create.isPending}
        />
      </form>
    </Dialog>
  )
}

export type SavedSearchDialog = { kind: "rename"; search: SavedSearch } | { kind: "delete"; search: SavedSearch }

export function SavedSearchDialogs(props: {
  dialog: SavedSearchDialog | null
  location: TimelineLocation
  onClose: () => void
}) {
  const { t } = useTranslation(["app", "common"])
  const navigate = useNavigate()
  const update = useUpdateSavedSearch()
  const remove = useDeleteSavedSearch()
  const { dialog, location } = props
  if (!dialog) return null
  if (dialog.kind === "rename") {
    return (
      <RenameDialog
        search={dialog.search}
        onClose={props.onClose}
        onRename={(title) => update.mutate({ id: dialog.search.id, title })}
      />
    )
  }
  return (
    <ConfirmDialog
      open
      title={t("saved_search.delete_title")}
      description={t("saved_search.delete_description", { title: dialog.search.title })}
      confirmLabel={t("saved_search.delete")}
      danger
      onClose={props.onClose}
      onConfirm={() => {
        remove.mutate(dialog.search.id)
        const { feed, view } = location
        if (feed.kind === "search" && feed.searchId === dialog.search.id) {
          navigate(timelinePath({ view, feed: { kind: "all" } }))
        }
      }}
    />
  )
}

function RenameDialog(props: { search: SavedSearch; onRename: (title: string) => void; onClose: () => void }) {
  const { t } = useTranslation(["app", "common"])
  const [title, setTitle] = useState(props.search.title)
  const trimmed = title.trim()
  const nameRef = useRef<HTMLInputElement>(null)
  useFocusAfterOpen(nameRef)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (trimmed && trimmed !== props.search.title) props.onRename(trimmed)
    props.onClose()
  }
  return (
    <Dialog open onClose={props.onClose} title={t("saved_search.rename_title")} testId="rename-search-dialog">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          ref={nameRef}
          label={t("saved_search.name")}
          value={title}
          required
          maxLength={100}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="rename-search-name"
        />
        <DialogActions submitLabel={t("common:actions.save")} onCancel={props.onClose} disabled={!trimmed} />
      </form>
    </Dialog>
  )
}
