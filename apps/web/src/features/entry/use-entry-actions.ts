// Every action the entry toolbar can show, by id, so toolbarOrder (UI settings) decides which are buttons and
// which sit under "more".
import type { EntryDetail } from "@tidings/shared"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router"
import type { IconName } from "../../components/ui/icons.tsx"
import { copyText } from "../../lib/clipboard.ts"
import { timelinePath } from "../../lib/route-ids.ts"
import { useSetEntryStar } from "../../queries/collections.ts"
import { useSetEntryRead } from "../../queries/reads.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import type { EntryActionId } from "../../stores/settings-defaults.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import type { EntryAi } from "../ai/use-entry-ai.ts"

export type EntryViewMode = "content" | "readability" | "source"

export interface EntryAction {
  label: string
  icon: IconName
  /** Pressed state for toggles (read, star, readability, source, zen, wide). */
  pressed?: boolean
  run: () => void
}

const TEXT_SIZES = [14, 15, 16, 18, 20, 22]

export function useEntryActions(
  detail: EntryDetail,
  view: number,
  mode: EntryViewMode,
  setMode: (mode: EntryViewMode) => void,
  ai: EntryAi,
): Partial<Record<EntryActionId, EntryAction>> {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const setRead = useSetEntryRead()
  const setStar = useSetEntryStar()
  const zen = useLayoutStore((state) => state.zen)
  const toggleZen = useLayoutStore((state) => state.toggleZen)
  const { wideMode, contentFontSize } = useSettingsStore((state) => state.ui)
  const setUi = useSettingsStore((state) => state.setUi)
  const { entries: entry, feeds: feed } = detail
  const read = detail.read ?? true
  const starred = Boolean(detail.collections)
  const url = entry.url
  const title = entry.title || t("entry.untitled")
  const size = (step: 1 | -1) => {
    const at = TEXT_SIZES.findIndex((value) => value >= contentFontSize)
    const next =
      TEXT_SIZES[Math.min(Math.max((at === -1 ? TEXT_SIZES.length - 1 : at) + step, 0), TEXT_SIZES.length - 1)]
    setUi({ contentFontSize: next })
  }
  const share = async () => {
    if (!url) return
    if (typeof navigator.share === "function") {
      // A dismissed share sheet rejects; there is nothing to report.
      await navigator.share({ title, url }).catch(() => {})
      return
    }
    await copyText(url, "link")
  }

  return {
    read: {
      label: read ? t("entry.mark_unread") : t("entry.mark_read"),
      icon: "circle",
      pressed: !read,
      run: () => setRead.mutate({ id: entry.id, read: !read }),
    },
    star: {
      label: starred ? t("entry.unstar") : t("entry.star"),
      icon: "star",
      pressed: starred,
      run: () => setStar.mutate({ id: entry.id, star: !starred, view }),
    },
    aiSummary: {
      label: ai.summaryShown ? t("entry.ai_summary_hide") : t("entry.ai_summary_show"),
      icon: "sparkles",
      pressed: ai.summaryShown,
      run: ai.toggleSummary,
    },
    ...(url && {
      readability: {
        label: t("entry.readability"),
        icon: "fileText" as const,
        pressed: mode === "readability",
        run: () => setMode(mode === "readability" ? "content" : "readability"),
      },
      sourceContent: {
        label: t("entry.source_content"),
        icon: "code" as const,
        pressed: mode === "source",
        run: () => setMode(mode === "source" ? "content" : "source"),
      },
      share: { label: t("entry.share"), icon: "share" as const, run: () => void share() },
      copyLink: { label: t("entry.copy_link"), icon: "link" as const, run: () => void copyText(url, "link") },
      openInBrowser: {
        label: t("entry.open_original"),
        icon: "externalLink" as const,
        run: () => window.open(url, "_blank", "noopener,noreferrer"),
      },
    }),
    copyTitle: { label: t("entry.copy_title"), icon: "copy", run: () => void copyText(title, "title") },
    openFeed: {
      label: t("entry.open_feed"),
      icon: "rss",
      run: () => navigate(timelinePath({ view, feed: { kind: "feed", feedId: feed.id } })),
    },
    zenMode: { label: zen ? t("entry.zen_off") : t("entry.zen_on"), icon: "book", pressed: zen, run: toggleZen },
    wideMode: {
      label: wideMode ? t("entry.wide_off") : t("entry.wide_on"),
      icon: "articles",
      pressed: wideMode,
      run: () => setUi({ wideMode: !wideMode }),
    },
    textLarger: { label: t("entry.text_larger"), icon: "plus", run: () => size(1) },
    textSmaller: { label: t("entry.text_smaller"), icon: "minus", run: () => size(-1) },
  }
}
