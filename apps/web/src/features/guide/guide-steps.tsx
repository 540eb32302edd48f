// The steps of the new-user guide: the interface language, a first source (an OPML file or a feed other readers
// here follow), the three columns and the main keys, and the end.
import { useQuery } from "@tanstack/react-query"
import type { Feed } from "@tidings/shared"
import { useEffect, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { discoverFeeds } from "../../api/discover.ts"
import { Button } from "../../components/ui/button.tsx"
import { FeedIcon } from "../../components/ui/feed-icon.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { changeLanguage } from "../../i18n/index.ts"
import { LANGUAGE_NAMES } from "../../i18n/languages.ts"
import { supportedLanguages } from "../../i18n/resources.ts"
import { useCreateSubscription, useSubscriptions } from "../../queries/subscriptions.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useCommandTable } from "../../stores/shortcut-store.ts"
import type { CommandId } from "../keyboard/commands.ts"
import { CommandKeys } from "../keyboard/shortcuts-dialog.tsx"
import { OpmlImportPanel } from "../settings/opml-import-panel.tsx"

export function LanguageStep() {
  const { t, i18n } = useTranslation("guide")
  const setGeneral = useSettingsStore((state) => state.setGeneral)
  const name = useId()
  // Checked at once; the interface follows when the language's strings have loaded.
  const [chosen, setChosen] = useState(i18n.language)
  const choose = (language: string) => {
    setChosen(language)
    setGeneral({ language })
    void changeLanguage(language, true)
  }
  return (
    <fieldset>
      <legend className="text-sm text-ink-soft">{t("language.intro")}</legend>
      <div className="mt-3 grid grid-cols-2 gap-2">
        {supportedLanguages.map((language) => (
          <label
            key={language}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-checked:border-accent has-checked:bg-accent/10"
          >
            <input
              type="radio"
              name={name}
              value={language}
              checked={chosen === language}
              onChange={() => choose(language)}
              className="accent-(--color-accent)"
              data-testid={`guide-language-${language}`}
            />
            <span lang={language}>{LANGUAGE_NAMES[language] ?? language}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** Waits for typing to pause before searching. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

function StarterFeed({ feed, following }: { feed: Feed; following: boolean }) {
  const { t } = useTranslation("guide")
  const create = useCreateSubscription()
  const title = feed.title || feed.url
  return (
    <li className="flex items-center gap-2.5 px-3 py-2 text-sm" data-testid="guide-starter-feed">
      <FeedIcon title={title} image={feed.image} className="size-5" />
      <span className="min-w-0 flex-1 truncate font-medium" data-testid="guide-starter-title">
        {title}
      </span>
      {following ? (
        <span
          className="inline-flex shrink-0 items-center gap-1 text-xs text-ink-soft"
          data-testid="guide-starter-following"
        >
          <Icon name="check" className="size-3.5 text-accent" />
          {t("sources.following")}
        </span>
      ) : (
        <Button
          size="sm"
          disabled={create.isPending}
          onClick={() => create.mutate({ url: feed.url, view: 0 })}
          aria-label={t("sources.follow_named", { name: title })}
          data-testid="guide-starter-follow"
        >
          <Icon name="plus" className="size-3.5" />
          {t("sources.follow")}
        </Button>
      )}
    </li>
  )
}

export function SourcesStep() {
  const { t } = useTranslation("guide")
  const [keyword, setKeyword] = useState("")
  const [importing, setImporting] = useState(false)
  const search = useDebounced(keyword.trim(), 300)
  const inputId = useId()
  const mine = new Set((useSubscriptions().data ?? []).map((sub) => sub.feedId))
  const lang = useSettingsStore((state) => state.ui.discoverLanguage)
  const found = useQuery({
    queryKey: ["guide", "starter-feeds", search, lang],
    queryFn: () => discoverFeeds(search, lang),
    enabled: search.length >= 2,
  })
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-soft">{t("sources.intro")}</p>
      <div>
        <label htmlFor={inputId} className="text-sm font-medium">
          {t("sources.search_label")}
        </label>
        <input
          id={inputId}
          type="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={t("sources.search_placeholder")}
          className="mt-1 h-9 w-full rounded-lg border border-line bg-canvas px-3 text-sm focus-visible:outline-2 focus-visible:outline-accent"
          data-testid="guide-starter-search"
        />
        {found.data && (
          <ul
            className="mt-2 max-h-48 divide-y divide-line overflow-y-auto rounded-lg border border-line"
            data-testid="guide-starter-results"
          >
            {found.data.length ? (
              found.data.map((feed) => <StarterFeed key={feed.id} feed={feed} following={mine.has(feed.id)} />)
            ) : (
              <li className="px-3 py-2 text-sm text-ink-faint">{t("sources.none_found")}</li>
            )}
          </ul>
        )}
      </div>
      <div className="rounded-lg border border-line">
        <button
          type="button"
          aria-expanded={importing}
          onClick={() => setImporting(!importing)}
          className="flex w-full cursor-pointer items-center justify-between gap-2 px-3 py-2 text-left text-sm font-medium"
          data-testid="guide-opml-toggle"
        >
          {t("sources.import_opml")}
          <Icon name="chevronRight" className={`size-4 transition-transform ${importing ? "rotate-90" : ""}`} />
        </button>
        {importing && <OpmlImportPanel />}
      </div>
    </div>
  )
}

const MAIN_KEYS: CommandId[] = [
  "entry.next",
  "entry.previous",
  "entry.toggle-read",
  "entry.toggle-star",
  "global.search",
  "global.shortcuts",
]

export function KeysStep() {
  const { t } = useTranslation(["guide", "app"])
  const commands = useCommandTable()
  const columns = ["sources", "entries", "article"] as const
  return (
    <div className="flex flex-col gap-4">
      <ol className="grid grid-cols-3 gap-1.5 text-xs" aria-label={t("keys.columns_label")} data-testid="guide-columns">
        {columns.map((column) => (
          <li key={column} className="rounded-lg border border-line bg-canvas p-2">
            <span className="block font-semibold">{t(`keys.column.${column}`)}</span>
            <span className="mt-0.5 block text-ink-soft">{t(`keys.column.${column}_hint`)}</span>
          </li>
        ))}
      </ol>
      <p className="text-xs text-ink-soft">{t("keys.phone_hint")}</p>
      <dl className="divide-y divide-line" data-testid="guide-keys">
        {MAIN_KEYS.flatMap((id) => commands.filter((command) => command.id === id)).map((command) => (
          <div key={command.id} className="flex items-center justify-between gap-3 py-1.5 text-sm">
            <dt className="min-w-0 text-ink-soft">{t(`app:shortcuts.command.${command.id}`)}</dt>
            <dd className="flex shrink-0 flex-wrap justify-end gap-1.5">
              <CommandKeys command={{ ...command, keys: command.keys.slice(0, 1) }} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

export function FinishStep() {
  const { t } = useTranslation("guide")
  const count = useSubscriptions().data?.length ?? 0
  return (
    <div className="flex flex-col items-center gap-2 py-2 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-accent/15 text-accent-strong">
        <Icon name="check" className="size-6" />
      </span>
      <p className="text-sm" data-testid="guide-finish-summary">
        {count ? t("finish.with_sources", { count }) : t("finish.no_sources")}
      </p>
      <p className="text-xs text-ink-soft">{t("finish.reopen_hint")}</p>
    </div>
  )
}
