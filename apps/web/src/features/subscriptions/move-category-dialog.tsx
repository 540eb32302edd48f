// The category picker behind "Move to category…" (sidebar menu, sidebar selection, settings table): an existing
// category, none, or a new name.
import { type FormEvent, useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { SelectField, TextField } from "../../components/ui/field.tsx"

const NEW = "\u0000new"

export function MoveCategoryDialog({
  title,
  categories,
  current,
  onMove,
  onClose,
}: {
  title: string
  categories: string[]
  /** The category the feeds share, if they share one. */
  current?: string | null
  onMove: (category: string | null) => void
  onClose: () => void
}) {
  const { t } = useTranslation(["subscriptions", "common"])
  const [choice, setChoice] = useState(current ?? "")
  const [name, setName] = useState("")
  const form = useRef<HTMLFormElement>(null)
  // The dialog opens (showModal, in its own effect, after this one) on its close button; the picker is what the
  // keyboard wants first.
  useEffect(() => {
    const frame = requestAnimationFrame(() => form.current?.querySelector("select")?.focus())
    return () => cancelAnimationFrame(frame)
  }, [])
  const creating = choice === NEW
  const target = creating ? name.trim() : choice

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (creating && !target) return
    onMove(target || null)
    onClose()
  }

  return (
    <Dialog open onClose={onClose} title={title} testId="move-category-dialog">
      <form ref={form} onSubmit={submit} className="flex flex-col gap-4">
        <SelectField
          label={t("move.category")}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          data-testid="move-category-select"
        >
          <option value="">{t("move.none")}</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
          <option value={NEW}>{t("move.new")}</option>
        </SelectField>
        {creating && (
          <TextField
            label={t("move.new_name")}
            value={name}
            required
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
            data-testid="move-category-name"
          />
        )}
        <div className="flex justify-end gap-2 pt-1">
          <Button onClick={onClose}>{t("common:actions.cancel")}</Button>
          <Button type="submit" variant="primary" disabled={creating && !target} data-testid="move-category-submit">
            {t("move.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
