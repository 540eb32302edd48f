// A labelled text box in a settings row with its problem shown under it as the user types (a required field only
// once the integration is switched on), tied to the box for screen readers.
import { type ReactNode, useId } from "react"
import { cx } from "../../lib/cx.ts"

export function FieldRow({
  label,
  value,
  onChange,
  error,
  hint,
  type = "text",
  placeholder,
  testId,
  multiline,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  hint?: ReactNode
  type?: "text" | "password" | "url"
  placeholder?: string
  testId?: string
  multiline?: boolean
}) {
  const id = useId()
  const noteId = useId()
  const control = cx(
    "w-full rounded-lg border bg-surface px-3 text-sm text-ink outline-none placeholder:text-ink-faint focus-visible:ring-3 dark:bg-surface-raised",
    error
      ? "border-red-600 focus-visible:ring-red-600/25 dark:border-red-400"
      : "border-line focus-visible:border-accent focus-visible:ring-accent/25",
  )
  const common = {
    id,
    value,
    placeholder,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error || hint ? noteId : undefined,
    "data-testid": testId,
  }
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-1.5 px-4 py-2.5">
      <label htmlFor={id} className="min-w-0 flex-[1_1_9rem] pt-1.5 text-sm font-medium text-ink">
        {label}
      </label>
      <div className="min-w-0 flex-[2_1_14rem]">
        {multiline ? (
          <textarea
            {...common}
            rows={3}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
            className={cx(control, "resize-y py-1.5 font-mono text-[0.8125rem]")}
          />
        ) : (
          <input
            {...common}
            type={type}
            autoComplete={type === "password" ? "new-password" : "off"}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
            className={cx(control, "h-8")}
          />
        )}
        {(error || hint) && (
          <p
            id={noteId}
            role={error ? "alert" : undefined}
            className={cx("mt-1 text-xs", error ? "text-red-700 dark:text-red-400" : "text-ink-soft")}
          >
            {error ?? hint}
          </p>
        )}
      </div>
    </div>
  )
}
