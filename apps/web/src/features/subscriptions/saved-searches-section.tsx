// The sidebar's saved searches (smart feeds): each with its unread count, opening its timeline; rename and delete
// from the row's menu. Shown only when the user has saved a search (from the command palette).
import { lazy, type MouseEvent, Suspense, useState } from "react"
import { useTranslation } from "react-i18next"
import type { SavedSearch } from "../../api/saved-searches.ts"
import { Icon } from "../../components/ui/icons.tsx"
import { type MenuItem, PopupMenu, useMenu } from "../../components/ui/menu.tsx"
import { type TimelineLocation, timelinePath } from "../../lib/route-ids.ts"
import { useSavedSearches } from "../../queries/saved-searches.ts"
import type { SavedSearchDialog } from "./saved-search-dialogs.tsx"
import { SidebarRow } from "./sidebar-row.tsx"

const SavedSearchDialogs = lazy(() =>
  import("./saved-search-dialogs.tsx").then((module) => ({ default: module.SavedSearchDialogs })),
)

export function SavedSearchesSection({ location }: { location: TimelineLocation }) {
  const { t } = useTranslation()
  const searches = useSavedSearches().data
  const menu = useMenu()
  const [items, setItems] = useState<MenuItem[]>([])
  const [dialog, setDialog] = useState<SavedSearchDialog | null>(null)
  if (!searches?.length) return null
  const { view, feed } = location

  const onMenu = (search: SavedSearch, event: MouseEvent<HTMLElement>, atPointer: boolean) => {
    setItems([
      { label: t("saved_search.rename"), icon: "pencil", onSelect: () => setDialog({ kind: "rename", search }) },
      {
        label: t("saved_search.delete"),
        icon: "trash",
        danger: true,
        onSelect: () => setDialog({ kind: "delete", search }),
      },
    ])
    if (atPointer) menu.openAt(event.clientX, event.clientY)
    else menu.openBelow(event.currentTarget)
  }

  return (
    <section aria-labelledby="saved-searches-heading" className="flex flex-col gap-px" data-testid="saved-searches">
      <h2
        id="saved-searches-heading"
        className="mt-4 mb-1 px-2.5 text-[0.6875rem] font-semibold tracking-wider text-ink-faint uppercase"
      >
        {t("sidebar.saved_searches")}
      </h2>
      {searches.map((search) => (
        <SidebarRow
          key={search.id}
          to={timelinePath({ view, feed: { kind: "search", searchId: search.id } })}
          label={search.title}
          icon={<Icon name="search" className="size-4 shrink-0 opacity-70" />}
          count={search.unread}
          active={feed.kind === "search" && feed.searchId === search.id}
          testId="sidebar-saved-search"
          dataId={search.id}
          onMenu={(event, atPointer) => onMenu(search, event, atPointer)}
        />
      ))}
      {menu.position && (
        <PopupMenu position={menu.position} items={items} onClose={menu.close} label={t("sidebar.menu")} />
      )}
      {dialog && (
        <Suspense fallback={null}>
          <SavedSearchDialogs dialog={dialog} location={location} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </section>
  )
}
