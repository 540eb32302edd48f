// The dialogs the keyboard, the palette and the sidebar open from anywhere on the timeline route. Each loads on
// first use, so the timeline's initial JavaScript stays small (issue budget: 200 KB gzipped).
import { lazy, Suspense } from "react"
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"

// The key bindings arrive a moment after the first rows, not before them.
const AppHotkeys = lazy(() =>
  import("../keyboard/use-app-hotkeys.ts").then((module) => ({
    default: () => {
      module.useAppHotkeys()
      return null
    },
  })),
)
const CommandPalette = lazy(() =>
  import("../palette/command-palette.tsx").then((module) => ({ default: module.CommandPalette })),
)
const ShortcutsDialog = lazy(() =>
  import("../keyboard/shortcuts-dialog.tsx").then((module) => ({ default: module.ShortcutsDialog })),
)
const AddSourceDialog = lazy(() =>
  import("../subscriptions/add-source-dialog.tsx").then((module) => ({ default: module.AddSourceDialog })),
)

export function ShellDialogs() {
  const dialog = useLayoutStore((state) => state.dialog)
  const openDialog = useLayoutStore((state) => state.openDialog)
  const { view } = useTimelineLocation()
  const close = () => openDialog(null)
  return (
    <>
      {/* Its own boundary: a dialog loading must not unmount the key bindings. */}
      <Suspense fallback={null}>
        <AppHotkeys />
      </Suspense>
      <Suspense fallback={null}>
        {dialog === "palette" && <CommandPalette onClose={close} />}
        {dialog === "shortcuts" && <ShortcutsDialog onClose={close} />}
        {dialog === "add-source" && <AddSourceDialog onClose={close} view={view} />}
      </Suspense>
    </>
  )
}
