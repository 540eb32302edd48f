// The dialogs the keyboard, the palette and the sidebar open from anywhere on the timeline route. Each loads on
// first use, so the timeline's initial JavaScript stays small (issue budget: 200 KB gzipped).
import { lazy, Suspense } from "react"
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { useAppHotkeys } from "../keyboard/use-app-hotkeys.ts"

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
  useAppHotkeys()
  const dialog = useLayoutStore((state) => state.dialog)
  const openDialog = useLayoutStore((state) => state.openDialog)
  const { view } = useTimelineLocation()
  const close = () => openDialog(null)
  return (
    <Suspense fallback={null}>
      {dialog === "palette" && <CommandPalette onClose={close} />}
      {dialog === "shortcuts" && <ShortcutsDialog onClose={close} />}
      {dialog === "add-source" && <AddSourceDialog onClose={close} view={view} />}
    </Suspense>
  )
}
