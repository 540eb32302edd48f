// The shortcut list (?): every command of the table, grouped, with its keys as this platform writes them.
import { useTranslation } from "react-i18next"
import { Dialog } from "../../components/ui/dialog.tsx"
import { useCommandTable } from "../../stores/shortcut-store.ts"
import type { CommandDefinition } from "./commands.ts"
import { describeHotkey, isApplePlatform } from "./hotkeys.ts"

export const GROUPS = ["timeline", "entry", "layout", "global"] as const

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const commands = useCommandTable()
  return (
    <Dialog open onClose={onClose} title={t("shortcuts.title")} testId="shortcuts-dialog" wide>
      {/* Focusable, so the keyboard can scroll the list when it is taller than the window. */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        aria-label={t("shortcuts.title")}
        className="grid max-h-[70vh] gap-x-8 gap-y-4 overflow-y-auto rounded-md focus-visible:outline-2 focus-visible:outline-accent sm:grid-cols-2"
      >
        {GROUPS.map((group) => (
          <section key={group}>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-ink-faint uppercase">
              {t(`shortcuts.group.${group}`)}
            </h3>
            <dl className="divide-y divide-line">
              {commands
                .filter((command) => command.group === group)
                .map((command) => (
                  <div key={command.id} className="flex items-center justify-between gap-3 py-1.5 text-sm">
                    <dt className="min-w-0 text-ink-soft">{t(`shortcuts.command.${command.id}`)}</dt>
                    <dd className="flex shrink-0 flex-wrap justify-end gap-1.5">
                      <CommandKeys command={command} />
                    </dd>
                  </div>
                ))}
            </dl>
          </section>
        ))}
      </section>
    </Dialog>
  )
}

/** A command's keys as this platform writes them. */
export function CommandKeys({ command }: { command: CommandDefinition }) {
  const mac = isApplePlatform()
  return command.keys.map((definition) => (
    <span key={definition} className="flex gap-0.5">
      {describeHotkey(definition, mac)
        .flat()
        .map((name, index) => (
          <kbd
            // biome-ignore lint/suspicious/noArrayIndexKey: a key can repeat within one definition.
            key={index}
            className="min-w-5 rounded border border-line bg-canvas px-1 text-center font-sans text-xs text-ink"
          >
            {name}
          </kbd>
        ))}
    </span>
  ))
}
