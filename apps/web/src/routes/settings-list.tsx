// Settings › list: the lists the user owns, a form for a new one, and each list's feeds.
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../components/ui/button.tsx"
import { EmptyState } from "../components/ui/empty-state.tsx"
import { Icon } from "../components/ui/icons.tsx"
import { LoadingPane } from "../components/ui/spinner.tsx"
import { ListCard } from "../features/lists/list-card.tsx"
import { ListEditor } from "../features/lists/list-editor.tsx"
import { SettingsPage } from "../features/settings/settings-page.tsx"
import { useCreateList, useDeleteList, useOwnedLists } from "../queries/lists.ts"
import { useSubscriptions } from "../queries/subscriptions.ts"

export function SettingsListRoute() {
  const { t } = useTranslation(["lists", "common"])
  const lists = useOwnedLists()
  const subs = useSubscriptions().data ?? []
  const create = useCreateList()
  const remove = useDeleteList()
  const [creating, setCreating] = useState(false)

  return (
    <SettingsPage page="list">
      <div>
        {creating ? (
          <section className="rounded-lg border border-line bg-surface p-3 sm:p-4" aria-label={t("new_list")}>
            <h2 className="mb-3 font-semibold">{t("new_list")}</h2>
            <ListEditor
              submitLabel={t("create")}
              busy={create.isPending}
              onCancel={() => setCreating(false)}
              onSubmit={(fields) => create.mutate(fields, { onSuccess: () => setCreating(false) })}
            />
          </section>
        ) : (
          <Button variant="primary" onClick={() => setCreating(true)} data-testid="list-new">
            <Icon name="plus" />
            {t("new_list")}
          </Button>
        )}
      </div>
      <div className="mt-4">
        {lists.isPending ? (
          <LoadingPane label={t("common:status.loading")} />
        ) : lists.data?.length ? (
          <ul className="flex flex-col gap-3" data-testid="owned-lists">
            {lists.data.map((list) => (
              <ListCard
                key={list.id}
                list={list}
                subs={subs}
                onDelete={() => remove.mutate({ listId: list.id })}
                deleteError={remove.isError && remove.variables.listId === list.id ? remove.error : null}
              />
            ))}
          </ul>
        ) : (
          <EmptyState icon="rss" title={t("none_yet")} />
        )}
      </div>
    </SettingsPage>
  )
}

export { SettingsListRoute as Component }
