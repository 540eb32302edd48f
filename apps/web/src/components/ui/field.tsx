// Labelled form controls with one look.
import { type ComponentProps, type ReactNode, type SelectHTMLAttributes, useId } from "react"
import { cx } from "../../lib/cx.ts"

const controlClass =
  "h-9 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-xs outline-none transition-colors placeholder:text-ink-faint focus:border-accent focus:ring-3 focus:ring-accent/20 dark:bg-surface-raised"

function Labelled({ id, label, hint, children }: { id: string; label: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-medium text-ink-soft">
        {label}
      </label>
      {children}
      {hint && <p className="text-xs text-ink-faint">{hint}</p>}
    </div>
  )
}

export function TextField({
  label,
  hint,
  className,
  ...props
}: ComponentProps<"input"> & { label: string; hint?: ReactNode }) {
  const id = useId()
  return (
    <Labelled id={id} label={label} hint={hint}>
      <input id={id} className={cx(controlClass, className)} {...props} />
    </Labelled>
  )
}

export function SelectField({
  label,
  className,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const id = useId()
  return (
    <Labelled id={id} label={label}>
      <select id={id} className={cx(controlClass, "pr-8", className)} {...props}>
        {children}
      </select>
    </Labelled>
  )
}
