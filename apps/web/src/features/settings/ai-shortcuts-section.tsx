// Settings › AI › Shortcuts: the user's chat shortcuts (a name and a prompt each; both required, spec client §5),
// listed, added, edited in place and removed. They live in the synced AI settings group and show as chips above the
// chat's input.
import { type FormEvent, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { shortcutProblem } from "./ai-validation.ts"
import { SectionText, SettingsSection } from "./setting-controls.tsx"

type Shortcut = { name: string; prompt: string }

export function AiShortcutsSection() {
  const { t } = useTranslation(["settings", "ai-chat"])
  const shortcuts = useSettingsStore((state) => state.ai.shortcuts)
  const setAi = useSettingsStore((state) => state.setAi)
  const [editing, setEditing] = useState<number | null>(null)
  const save = (next: Shortcut[]) => setAi({ shortcuts: next })

  return (
    <SettingsSection title={t("ai.section.shortcuts")}>
      <SectionText>{shortcuts.length ? t("ai-chat:shortcuts.hint") : t("ai.shortcut.none")}</SectionText>
      {shortcuts.map((shortcut, index) =>
        editing === index ? (
          <ShortcutForm
            // biome-ignore lint/suspicious/noArrayIndexKey: shortcuts have no id; two may share a name
            key={index}
            testId="ai-shortcut-edit"
            initial={shortcut}
            submitLabel={t("ai-chat:shortcuts.save")}
            onCancel={() => setEditing(null)}
            onSubmit={(changed) => {
              save(shortcuts.map((s, i) => (i === index ? changed : s)))
              setEditing(null)
            }}
          />
        ) : (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: shortcuts have no id; two may share a name
            key={index}
            className="flex items-center gap-2 px-4 py-2.5"
            data-testid="ai-list-item"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{shortcut.name}</p>
              <p className="line-clamp-2 text-xs text-ink-soft">{shortcut.prompt}</p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("ai-chat:shortcuts.edit", { name: shortcut.name })}
              title={t("ai-chat:shortcuts.edit", { name: shortcut.name })}
              onClick={() => setEditing(index)}
              data-testid="ai-shortcut-edit-button"
            >
              <Icon name="pencil" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("ai.remove", { name: shortcut.name })}
              title={t("ai.remove", { name: shortcut.name })}
              onClick={() => {
                setEditing(null)
                save(shortcuts.filter((_, i) => i !== index))
              }}
            >
              <Icon name="trash" className="size-4" />
            </Button>
          </div>
        ),
      )}
      <ShortcutForm
        testId="ai-shortcut-form"
        initial={{ name: "", prompt: "" }}
        submitLabel={t("ai.shortcut.add")}
        onSubmit={(added) => save([...shortcuts, added])}
        clearAfter
      />
    </SettingsSection>
  )
}

interface ShortcutFormProps {
  testId: string
  initial: Shortcut
  submitLabel: string
  onSubmit: (shortcut: Shortcut) => void
  onCancel?: () => void
  clearAfter?: boolean
}

function ShortcutForm({ testId, initial, submitLabel, onSubmit, onCancel, clearAfter }: ShortcutFormProps) {
  const { t } = useTranslation(["settings", "ai-chat"])
  const promptId = useId()
  const [values, setValues] = useState(initial)
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = shortcutProblem(values)
    setProblem(found)
    if (found) return
    onSubmit({ name: values.name.trim(), prompt: values.prompt.trim() })
    if (clearAfter) setValues(initial)
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 px-4 py-3" data-testid={testId}>
      <TextField
        label={t("ai.shortcut.name")}
        value={values.name}
        maxLength={100}
        onChange={(event) => setValues({ ...values, name: event.target.value })}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={promptId} className="text-xs font-medium text-ink-soft">
          {t("ai.shortcut.prompt")}
        </label>
        <textarea
          id={promptId}
          rows={2}
          maxLength={4000}
          value={values.prompt}
          onChange={(event) => setValues({ ...values, prompt: event.target.value })}
          className="w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink shadow-xs outline-none focus:border-accent focus:ring-3 focus:ring-accent/20 dark:bg-surface-raised"
        />
      </div>
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm" variant={onCancel ? "primary" : "secondary"}>
          {!onCancel && <Icon name="plus" className="size-3.5" />}
          {submitLabel}
        </Button>
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t("ai-chat:shortcuts.cancel")}
          </Button>
        )}
        <p role="alert" className="text-xs text-red-700 dark:text-red-300" data-testid="ai-form-problem">
          {problem ? t(problem as "ai.shortcut.required") : ""}
        </p>
      </div>
    </form>
  )
}
