// Fields shared by the add-feed and edit-subscription dialogs: view, category (with suggestions) and title.
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { SelectField, TextField } from "../../components/ui/field.tsx"
import { views } from "../../lib/views.ts"

export interface SubscriptionFields {
  view: number
  category: string
  title: string
}

export function SubscriptionFormFields({
  value,
  onChange,
  categories,
  titlePlaceholder,
}: {
  value: SubscriptionFields
  onChange: (next: SubscriptionFields) => void
  categories: string[]
  titlePlaceholder?: string
}) {
  const { t } = useTranslation()
  const listId = useId()
  return (
    <>
      <SelectField
        label={t("subscription.view")}
        value={value.view}
        onChange={(event) => onChange({ ...value, view: Number(event.target.value) })}
        data-testid="subscription-view"
      >
        {views.map((meta) => (
          <option key={meta.view} value={meta.view}>
            {t(meta.nameKey)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("subscription.category")}
        placeholder={t("subscription.category_placeholder")}
        list={listId}
        value={value.category}
        onChange={(event) => onChange({ ...value, category: event.target.value })}
        data-testid="subscription-category"
      />
      <datalist id={listId}>
        {categories.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <TextField
        label={t("subscription.title")}
        placeholder={titlePlaceholder ?? t("subscription.title_placeholder")}
        value={value.title}
        onChange={(event) => onChange({ ...value, title: event.target.value })}
        data-testid="subscription-title"
      />
    </>
  )
}
