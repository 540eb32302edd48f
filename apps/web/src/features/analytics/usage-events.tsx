// The spec's usage events (client §9) that follow app state rather than one button: the palette and the add-source
// dialog opening, the picture gallery opening, and the masonry and wide-mode switches (how long the audio
// player stayed open is sent by the player itself). Sent only while the user
// leaves "send anonymous data" on (lib/analytics.ts checks at each event).
import { useEffect } from "react"
import { track } from "../../lib/analytics.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { useMediaOverlay } from "../views/gallery-store.ts"

export function UsageEvents() {
  useEffect(() => {
    const unsubscribe = [
      useLayoutStore.subscribe((state, prev) => {
        if (state.dialog === prev.dialog) return
        if (state.dialog === "palette") track("search_open")
        if (state.dialog === "add-source") track("subscribe_modal_open")
      }),
      useMediaOverlay.subscribe((state, prev) => {
        if (state.overlay?.kind === "gallery" && prev.overlay?.kind !== "gallery")
          track("gallery_click", { pictures: state.overlay.pictures.length })
      }),
      useSettingsStore.subscribe((state, prev) => {
        if (state.ui.pictureViewMasonry !== prev.ui.pictureViewMasonry)
          track("switch_to_masonry", { masonry: state.ui.pictureViewMasonry })
        if (state.ui.wideMode !== prev.ui.wideMode) track("wide_mode", { on: state.ui.wideMode })
      }),
    ]
    return () => {
      for (const stop of unsubscribe) stop()
    }
  }, [])
  return null
}
