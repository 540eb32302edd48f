// The user's own integrations: an HTTP request per integration, with the entry's {{placeholders}} filled in. Edited
// in place; each change is kept at once, and one with a problem is not offered in the entry menu until it is fixed.
import { RELAY_METHODS, type RelayMethod } from "@tidings/shared"
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { randomId } from "../../lib/random-id.ts"
import { SectionText, SelectRow, SettingsSection, SwitchRow } from "../settings/setting-controls.tsx"
import { FieldRow } from "./integration-fields.tsx"
import { type CustomIntegration, newCustomIntegration, useIntegrationStore } from "./integration-settings.ts"
import { PLACEHOLDERS } from "./template.ts"
import { customErrors } from "./validation.ts"

export function CustomIntegrationsSection() {
  const { t } = useTranslation("integrations")
  const list = useIntegrationStore((state) => state.customIntegrations)
  const set = useIntegrationStore((state) => state.set)
  const update = (id: string, patch: Partial<CustomIntegration>) =>
    set({ customIntegrations: list.map((item) => (item.id === id ? { ...item, ...patch } : item)) })
  const remove = (id: string) => set({ customIntegrations: list.filter((item) => item.id !== id) })
  return (
    <SettingsSection title={t("custom.title")}>
      <SectionText>
        {t("custom.description")}{" "}
        {PLACEHOLDERS.map((name) => (
          <code key={name} className="mr-1 rounded bg-hover px-1 py-px font-mono text-[0.75rem] text-ink">
            {`{{${name}}}`}
          </code>
        ))}
      </SectionText>
      {list.map((item, index) => (
        <CustomCard
          key={item.id}
          item={item}
          index={index}
          onChange={(patch) => update(item.id, patch)}
          onRemove={() => remove(item.id)}
        />
      ))}
      <div className="px-4 py-3">
        <Button
          size="sm"
          onClick={() => set({ customIntegrations: [...list, newCustomIntegration(randomId())] })}
          data-testid="custom-integration-add"
        >
          <Icon name="plus" className="size-3.5" />
          {t("custom.add")}
        </Button>
      </div>
    </SettingsSection>
  )
}

function CustomCard({
  item,
  index,
  onChange,
  onRemove,
}: {
  item: CustomIntegration
  index: number
  onChange: (patch: Partial<CustomIntegration>) => void
  onRemove: () => void
}) {
  const { t } = useTranslation("integrations")
  const headingId = useId()
  const errors = customErrors(item)
  const title = item.name.trim() || t("custom.untitled", { number: index + 1 })
  return (
    <fieldset aria-labelledby={headingId} className="py-1" data-testid={`custom-integration-${index}`}>
      <div className="flex items-center gap-2 px-4 pt-2">
        <h3 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">
          {item.icon ? `${item.icon} ${title}` : title}
        </h3>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={t("custom.remove", { name: title })}>
          <Icon name="trash" className="size-3.5" />
          {t("custom.remove_short")}
        </Button>
      </div>
      <SwitchRow
        label={t("custom.enabled")}
        checked={item.enabled}
        onChange={(enabled) => onChange({ enabled })}
        testId={`custom-integration-${index}-enabled`}
      />
      <FieldRow
        label={t("custom.name")}
        value={item.name}
        error={errors.includes("name") ? t("error.required") : undefined}
        onChange={(name) => onChange({ name })}
        testId={`custom-integration-${index}-name`}
      />
      <FieldRow
        label={t("custom.icon")}
        value={item.icon}
        placeholder={t("custom.icon.placeholder")}
        onChange={(icon) => onChange({ icon: icon.slice(0, 8) })}
        testId={`custom-integration-${index}-icon`}
      />
      <SelectRow
        label={t("custom.method")}
        value={item.method}
        choices={RELAY_METHODS.map((method) => ({ value: method, label: method }))}
        onChange={(method) => onChange({ method: method as RelayMethod })}
        testId={`custom-integration-${index}-method`}
      />
      <FieldRow
        label={t("custom.url")}
        value={item.url}
        type="url"
        placeholder="https://example.com/save?u={{url}}"
        error={errors.includes("url") ? t(item.url.trim() ? "error.url" : "error.required") : undefined}
        onChange={(url) => onChange({ url })}
        testId={`custom-integration-${index}-url`}
      />
      <FieldRow
        label={t("custom.headers")}
        value={item.headers}
        multiline
        hint={t("custom.headers.hint")}
        error={errors.includes("headers") ? t("error.headers") : undefined}
        onChange={(headers) => onChange({ headers })}
        testId={`custom-integration-${index}-headers`}
      />
      <FieldRow
        label={t("custom.body")}
        value={item.body}
        multiline
        hint={t("custom.body.hint")}
        onChange={(body) => onChange({ body })}
        testId={`custom-integration-${index}-body`}
      />
    </fieldset>
  )
}
