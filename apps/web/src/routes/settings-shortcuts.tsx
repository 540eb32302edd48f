// Settings › shortcuts (inside the settings layout): every command of the shortcut table with its keys; a user rebinds one by pressing the new
// key (Escape cancels) or puts the default back. A key another command uses where both apply is refused.
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../components/ui/button.tsx"
import type { CommandDefinition, CommandId } from "../features/keyboard/commands.ts"
import { isApplePlatform, UnsupportedHotkeyError } from "../features/keyboard/hotkeys.ts"
import { conflictingCommand, definitionFromEvent } from "../features/keyboard/key-bindings.ts"
import { CommandKeys, GROUPS } from "../features/keyboard/shortcuts-dialog.tsx"
import { SettingsPage } from "../features/settings/settings-page.tsx"
import { resetKeyBinding, setKeyBinding, useCommandTable, useKeyOverrides } from "../stores/shortcut-store.ts"

export function SettingsShortcutsRoute() {
  const { t } = useTranslation()
  const table = useCommandTable()
  const [recording, setRecording] = useState<CommandId | null>(null)
  const [problem, setProblem] = useState("")
  return (
    <SettingsPage page="shortcuts">
      <div>
        <p role="alert" className="-mt-4 min-h-5 text-sm text-red-700 dark:text-red-300" data-testid="shortcut-problem">
          {problem}
        </p>
        {GROUPS.map((group) => (
          <section key={group} className="mt-4">
            <h2 className="mb-1 text-xs font-semibold tracking-wide text-ink-faint uppercase">
              {t(`shortcuts.group.${group}`)}
            </h2>
            <ul className="divide-y divide-line rounded-lg border border-line bg-surface">
              {table
                .filter((command) => command.group === group && !command.external)
                .map((command) => (
                  <ShortcutRow
                    key={command.id}
                    command={command}
                    recording={recording === command.id}
                    onRecord={(on) => {
                      setProblem("")
                      setRecording(on ? command.id : null)
                    }}
                    onProblem={setProblem}
                  />
                ))}
            </ul>
          </section>
        ))}
      </div>
    </SettingsPage>
  )
}

interface RowProps {
  command: CommandDefinition
  recording: boolean
  onRecord: (on: boolean) => void
  onProblem: (text: string) => void
}

function ShortcutRow({ command, recording, onRecord, onProblem }: RowProps) {
  const { t } = useTranslation()
  const table = useCommandTable()
  const overridden = command.id in useKeyOverrides()
  const label = t(`shortcuts.command.${command.id}`)

  const onKeyDown = (event: React.KeyboardEvent<HTMLButtonElement>) => {
    if (!recording || event.key === "Tab") return
    event.preventDefault()
    if (event.key === "Escape") return onRecord(false)
    let definition: string | null
    try {
      definition = definitionFromEvent(event, isApplePlatform())
    } catch (error) {
      if (!(error instanceof UnsupportedHotkeyError)) throw error
      definition = null
    }
    if (!definition) return
    const taken = conflictingCommand(table, command.id, definition)
    if (taken) {
      onProblem(t("settings_shortcuts.taken", { command: t(`shortcuts.command.${taken}`) }))
      return
    }
    setKeyBinding(command.id, [definition])
    onRecord(false)
  }

  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-1.5 px-3 py-2 text-sm"
      data-testid={`shortcut-${command.id}`}
    >
      <span className="min-w-0 flex-1">{label}</span>
      <span className="flex flex-wrap justify-end gap-1.5" data-testid="shortcut-keys">
        <CommandKeys command={command} />
      </span>
      <Button
        size="sm"
        variant={recording ? "primary" : "secondary"}
        onClick={() => onRecord(!recording)}
        onKeyDown={onKeyDown}
        onBlur={() => recording && onRecord(false)}
        aria-label={t("settings_shortcuts.change", { command: label })}
        data-testid="shortcut-change"
      >
        {recording ? t("settings_shortcuts.press") : t("settings_shortcuts.change_short")}
      </Button>
      {overridden && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => resetKeyBinding(command.id)}
          aria-label={t("settings_shortcuts.reset", { command: label })}
          data-testid="shortcut-reset"
        >
          {t("settings_shortcuts.reset_short")}
        </Button>
      )}
    </li>
  )
}

export { SettingsShortcutsRoute as Component }
