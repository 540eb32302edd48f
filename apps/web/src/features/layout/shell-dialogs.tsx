// The dialogs the keyboard and the palette open from anywhere on the timeline route.
import { useTimelineLocation } from "../../lib/use-timeline-location.ts"
import { useLayoutStore } from "../../stores/layout-store.ts"
import { ShortcutsDialog } from "../keyboard/shortcuts-dialog.tsx"
import { useAppHotkeys } from "../keyboard/use-app-hotkeys.ts"
import { CommandPalette } from "../palette/command-palette.tsx"
import { AddSourceDialog } from "../subscriptions/add-source-dialog.tsx"

export function ShellDialogs() {
  useAppHotkeys()
  const dialog = useLayoutStore((state) => state.dialog)
  const openDialog = useLayoutStore((state) => state.openDialog)
  const { view } = useTimelineLocation()
  const close = () => openDialog(null)
  if (dialog === "palette") return <CommandPalette onClose={close} />
  if (dialog === "shortcuts") return <ShortcutsDialog onClose={close} />
  if (dialog === "add-source") return <AddSourceDialog onClose={close} view={view} />
  return null
}
