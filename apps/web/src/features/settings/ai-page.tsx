// Settings › AI: the AI group's fields (personal prompt, shortcuts, MCP services, streaming and panel). The AI
// features that use them arrive with their own issue; the values are kept and synced already.
import { type FormEvent, useState } from "react"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { useSettingsStore } from "../../stores/settings-store.ts"
import { mcpServiceProblem, shortcutProblem } from "./ai-validation.ts"
import { SectionText, SelectRow, SettingsSection, SwitchRow, TextAreaRow } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"
import { useSettingRows } from "./use-setting-rows.tsx"

export function AiSettingsPage() {
  const { t } = useSettingRows()
  const ai = useSettingsStore((state) => state.ai)
  const setAi = useSettingsStore((state) => state.setAi)

  return (
    <SettingsPage page="ai">
      <p
        className="mb-6 rounded-xl border border-line bg-surface px-4 py-3 text-sm text-ink-soft"
        data-testid="ai-later-note"
      >
        {t("ai.later")}
      </p>
      <SettingsSection title={t("ai.section.personal")}>
        <TextAreaRow
          label={t("ai.personalizePrompt")}
          description={t("ai.personalizePrompt.description")}
          testId="setting-personalizePrompt"
          value={ai.personalizePrompt}
          onChange={(personalizePrompt) => setAi({ personalizePrompt })}
        />
      </SettingsSection>

      <SettingsSection title={t("ai.section.shortcuts")}>
        {ai.shortcuts.length === 0 && <SectionText>{t("ai.shortcut.none")}</SectionText>}
        {ai.shortcuts.map((shortcut, index) => (
          <ListItem
            // biome-ignore lint/suspicious/noArrayIndexKey: shortcuts have no id; two may share a name
            key={index}
            title={shortcut.name}
            detail={shortcut.prompt}
            removeLabel={t("ai.remove", { name: shortcut.name })}
            onRemove={() => setAi({ shortcuts: ai.shortcuts.filter((_, i) => i !== index) })}
          />
        ))}
        <AddForm
          testId="ai-shortcut-form"
          fields={[
            { name: "name", label: t("ai.shortcut.name") },
            { name: "prompt", label: t("ai.shortcut.prompt") },
          ]}
          addLabel={t("ai.shortcut.add")}
          check={(values) => shortcutProblem({ name: values.name, prompt: values.prompt })}
          onAdd={(values) =>
            setAi({ shortcuts: [...ai.shortcuts, { name: values.name.trim(), prompt: values.prompt.trim() }] })
          }
        />
      </SettingsSection>

      <SettingsSection title={t("ai.section.mcp")}>
        <SwitchRow
          label={t("ai.mcpEnabled")}
          description={t("ai.mcpEnabled.description")}
          testId="setting-mcpEnabled"
          checked={ai.mcpEnabled}
          onChange={(mcpEnabled) => setAi({ mcpEnabled })}
        />
        {ai.mcpServices.map((service, index) => (
          <ListItem
            // biome-ignore lint/suspicious/noArrayIndexKey: services have no id; two may share a name
            key={index}
            title={service.name}
            detail={service.baseURL}
            removeLabel={t("ai.remove", { name: service.name })}
            onRemove={() => setAi({ mcpServices: ai.mcpServices.filter((_, i) => i !== index) })}
          />
        ))}
        <AddForm
          testId="ai-mcp-form"
          fields={[
            { name: "name", label: t("ai.mcp.name") },
            { name: "baseURL", label: t("ai.mcp.base_url"), type: "url" },
          ]}
          addLabel={t("ai.mcp.add")}
          check={(values) => mcpServiceProblem({ name: values.name, baseURL: values.baseURL })}
          onAdd={(values) =>
            setAi({ mcpServices: [...ai.mcpServices, { name: values.name.trim(), baseURL: values.baseURL.trim() }] })
          }
        />
      </SettingsSection>

      <SettingsSection title={t("ai.section.panel")}>
        <SwitchRow
          label={t("ai.autoScrollWhenStreaming")}
          testId="setting-autoScrollWhenStreaming"
          checked={ai.autoScrollWhenStreaming}
          onChange={(autoScrollWhenStreaming) => setAi({ autoScrollWhenStreaming })}
        />
        <SelectRow
          label={t("ai.panelStyle")}
          description={t("ai.panelStyle.description")}
          testId="setting-panelStyle"
          value={ai.panelStyle}
          choices={[
            { value: "fixed", label: t("ai.panelStyle.fixed") },
            { value: "floating", label: t("ai.panelStyle.floating") },
          ]}
          onChange={(value) => setAi({ panelStyle: value as "fixed" | "floating" })}
        />
      </SettingsSection>
    </SettingsPage>
  )
}

function ListItem(props: { title: string; detail: string; removeLabel: string; onRemove: () => void }) {
  return (
    <div className="flex items-center gap-3 px-4 py-2.5" data-testid="ai-list-item">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{props.title}</p>
        <p className="truncate text-xs text-ink-soft">{props.detail}</p>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={props.removeLabel}
        title={props.removeLabel}
        onClick={props.onRemove}
      >
        <Icon name="trash" className="size-4" />
      </Button>
    </div>
  )
}

interface AddFormProps {
  testId: string
  fields: { name: string; label: string; type?: string }[]
  addLabel: string
  check: (values: Record<string, string>) => string | null
  onAdd: (values: Record<string, string>) => void
}

function AddForm({ testId, fields, addLabel, check, onAdd }: AddFormProps) {
  const { t } = useSettingRows()
  const empty = Object.fromEntries(fields.map((field) => [field.name, ""]))
  const [values, setValues] = useState<Record<string, string>>(empty)
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = check(values)
    setProblem(found)
    if (found) return
    onAdd(values)
    setValues(empty)
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 px-4 py-3" data-testid={testId}>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type ?? "text"}
            value={values[field.name]}
            onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
          />
        ))}
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" variant="secondary">
          <Icon name="plus" className="size-3.5" />
          {addLabel}
        </Button>
        <p role="alert" className="text-xs text-red-700 dark:text-red-300" data-testid="ai-form-problem">
          {problem ? t(problem) : ""}
        </p>
      </div>
    </form>
  )
}

export { AiSettingsPage as Component }
