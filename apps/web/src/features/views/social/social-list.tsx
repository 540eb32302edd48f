// The Social media view: the virtual entry list with post cards. Loaded on demand when the view opens.
import { useCallback, useState } from "react"
import { useTranslation } from "react-i18next"
import { effectiveGeneral } from "../../../stores/settings-gate.ts"
import { useSettingsStore } from "../../../stores/settings-store.ts"
import { EntryList, type EntryListProps } from "../../timeline/entry-list.tsx"
import { useOpenMedia } from "../use-open-media.ts"
import { SocialCard } from "./social-card.tsx"

export default function SocialList(props: EntryListProps) {
  const autoExpand = useSettingsStore((state) => effectiveGeneral(state.general, "autoExpandLongSocialMedia"))
  // Kept here, not in the card, so a post stays open when the virtual list unmounts and remounts it.
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set())
  const { openGallery } = useOpenMedia()
  const { t: tViews } = useTranslation("views")
  const onToggle = useCallback((id: string) => {
    setToggled((old) => {
      const next = new Set(old)
      if (!next.delete(id)) next.add(id)
      return next
    })
  }, [])
  return (
    <EntryList
      {...props}
      estimateRowSize={180}
      renderItem={(row) => (
        <SocialCard
          {...row}
          expanded={autoExpand !== toggled.has(row.item.entries.id)}
          onToggleExpanded={onToggle}
          onOpenPicture={openGallery}
          tViews={tViews}
        />
      )}
    />
  )
}
