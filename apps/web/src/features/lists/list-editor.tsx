// The list form, for a new list and for editing one: title, description, image address, view and fee.
import type { ListTarget } from "@tidings/shared"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import type { ListFields } from "../../api/lists.ts"
import { Button } from "../../components/ui/button.tsx"
import { SelectField, TextField } from "../../components/ui/field.tsx"
import { views } from "../../lib/views.ts"
import { type ListFormProblem, type ListFormValues, readListForm } from "./list-form.ts"

const valuesOf = (list?: ListTarget): ListFormValues => ({
  title: list?.title ?? "",
  description: list?.description ?? "",
  image: list?.image ?? "",
  view: String(list?.view ?? 0),
  fee: String(list?.fee ?? 0),
})

export interface ListEditorProps {
  list?: ListTarget
  submitLabel: string
  busy?: boolean
  onSubmit: (fields: ListFields) => void
  onCancel?: () => void
}

export function ListEditor({ list, submitLabel, busy, onSubmit, onCancel }: ListEditorProps) {
  const { t } = useTranslation(["lists", "app", "common"])
  const [values, setValues] = useState(() => valuesOf(list))
  const [problem, setProblem] = useState<ListFormProblem | null>(null)
  const set = (key: keyof ListFormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const read = readListForm(values)
    if ("problem" in read) return setProblem(read.problem)
    setProblem(null)
    onSubmit(read.fields)
  }

  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" data-testid="list-form" noValidate>
      <div className="sm:col-span-2">
        <TextField
          label={t("field.title")}
          value={values.title}
          onChange={set("title")}
          maxLength={200}
          required
          aria-invalid={problem === "title"}
          data-testid="list-title"
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label={t("field.description")}
          value={values.description}
          onChange={set("description")}
          maxLength={2000}
          data-testid="list-description"
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label={t("field.image")}
          type="url"
          placeholder="https://"
          value={values.image}
          onChange={set("image")}
          aria-invalid={problem === "image"}
          data-testid="list-image"
        />
      </div>
      <SelectField label={t("field.view")} value={values.view} onChange={set("view")} data-testid="list-view">
        {views.map((meta) => (
          <option key={meta.view} value={meta.view}>
            {t(`app:${meta.nameKey}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("field.fee")}
        hint={t("field.fee_hint")}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={values.fee}
        onChange={set("fee")}
        aria-invalid={problem === "fee"}
        data-testid="list-fee"
      />
      <p role="alert" className="text-sm text-red-700 empty:hidden sm:col-span-2 dark:text-red-300">
        {problem ? t(`problem.${problem}`) : ""}
      </p>
      <div className="flex justify-end gap-2 sm:col-span-2">
        {onCancel && <Button onClick={onCancel}>{t("common:actions.cancel")}</Button>}
        <Button type="submit" variant="primary" disabled={busy} data-testid="list-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
