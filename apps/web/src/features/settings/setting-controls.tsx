// The rows every settings page is built from: a labelled switch, select or text box with its description, in
// titled sections. A row behind the enhanced-settings gate shows the value that applies and cannot change while the
// gate is closed (settings-gate.ts).
import { type ReactNode, useId, useState } from "react"
import { Link } from "react-router"
import { cx } from "../../lib/cx.ts"

export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="mt-6 first:mt-0">
      <h2 id={id} className="mb-1.5 px-1 text-xs font-semibold tracking-wide text-ink-faint uppercase">
        {title}
      </h2>
      <div className="divide-y divide-line rounded-xl border border-line bg-surface">{children}</div>
    </section>
  )
}

interface RowProps {
  label: string
  description?: ReactNode
  /** Why the control cannot change now (the enhanced-settings gate) or where it applies (desktop only). */
  note?: ReactNode
  testId?: string
}

function RowText({
  labelId,
  descId,
  label,
  description,
  note,
  htmlFor,
}: RowProps & { labelId: string; descId: string; htmlFor?: string }) {
  const Label = htmlFor ? "label" : "span"
  return (
    // A basis, so a wide control wraps below the text on a phone instead of squeezing it into a narrow column.
    <div className="min-w-0 flex-[1_1_10rem]">
      <Label id={labelId} htmlFor={htmlFor} className="block text-sm font-medium text-ink">
        {label}
      </Label>
      {(description || note) && (
        <p id={descId} className="mt-0.5 text-xs leading-relaxed text-ink-soft">
          {description}
          {description && note ? " " : null}
          {note && <span className="text-ink-faint italic">{note}</span>}
        </p>
      )}
    </div>
  )
}

/** A setting edited on another page: what it holds now, and a link there. */
export function LinkRow({ to, action, ...row }: RowProps & { to: string; action: string }) {
  const labelId = useId()
  const descId = useId()
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid={row.testId}>
      <RowText {...row} labelId={labelId} descId={descId} />
      <Link
        to={to}
        aria-describedby={descId}
        className="rounded-md border border-line px-3 py-1.5 text-sm font-medium text-accent-strong hover:bg-hover focus-visible:outline-2 focus-visible:outline-accent"
      >
        {action}
      </Link>
    </div>
  )
}

export function SwitchRow({
  checked,
  onChange,
  disabled,
  ...row
}: RowProps & { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  const labelId = useId()
  const descId = useId()
  return (
    <div className="flex items-center gap-4 px-4 py-3" data-testid={row.testId}>
      <RowText {...row} labelId={labelId} descId={descId} />
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={row.description || row.note ? descId : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cx(
          "relative inline-flex h-6 w-10 shrink-0 items-center rounded-full border transition-colors",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
          "disabled:cursor-not-allowed disabled:opacity-50",
          checked ? "border-accent bg-accent" : "border-ink-faint/60 bg-hover",
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            "inline-block size-4.5 rounded-full bg-white shadow-sm transition-transform",
            checked ? "translate-x-[18px]" : "translate-x-[2px] dark:bg-ink-soft",
          )}
        />
      </button>
    </div>
  )
}

export interface Choice {
  value: string
  label: string
}

export function SelectRow({
  value,
  choices,
  onChange,
  disabled,
  ...row
}: RowProps & { value: string; choices: Choice[]; onChange: (value: string) => void; disabled?: boolean }) {
  const id = useId()
  const labelId = useId()
  const descId = useId()
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid={row.testId}>
      <RowText {...row} labelId={labelId} descId={descId} htmlFor={id} />
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={row.description || row.note ? descId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 max-w-full min-w-36 rounded-lg border border-line bg-surface px-2 text-sm text-ink outline-none focus-visible:border-accent focus-visible:ring-3 focus-visible:ring-accent/25 disabled:cursor-not-allowed disabled:opacity-50 dark:bg-surface-raised"
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  )
}

export function NumberRow({
  value,
  min,
  max,
  unit,
  onChange,
  ...row
}: RowProps & { value: number; min: number; max: number; unit: string; onChange: (value: number) => void }) {
  const id = useId()
  const labelId = useId()
  const descId = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const commit = () => {
    if (draft === null) return
    const parsed = Number(draft)
    if (draft.trim() !== "" && Number.isFinite(parsed)) onChange(Math.round(Math.min(max, Math.max(min, parsed))))
    setDraft(null)
  }
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid={row.testId}>
      <RowText {...row} labelId={labelId} descId={descId} htmlFor={id} />
      <span className="flex items-center gap-1.5 text-sm text-ink-soft">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={draft ?? String(value)}
          aria-describedby={row.description || row.note ? descId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => event.key === "Enter" && commit()}
          className="h-8 w-20 rounded-lg border border-line bg-surface px-2 text-right text-sm text-ink tabular-nums outline-none focus-visible:border-accent focus-visible:ring-3 focus-visible:ring-accent/25 dark:bg-surface-raised"
        />
        {unit}
      </span>
    </div>
  )
}

export function TextAreaRow({
  value,
  onChange,
  placeholder,
  monospace,
  ...row
}: RowProps & { value: string; onChange: (value: string) => void; placeholder?: string; monospace?: boolean }) {
  const id = useId()
  const labelId = useId()
  const descId = useId()
  return (
    <div className="flex flex-wrap gap-2 px-4 py-3" data-testid={row.testId}>
      <RowText {...row} labelId={labelId} descId={descId} htmlFor={id} />
      <textarea
        id={id}
        value={value}
        placeholder={placeholder}
        rows={4}
        spellCheck={!monospace}
        aria-describedby={row.description || row.note ? descId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={cx(
          "w-full basis-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink outline-none placeholder:text-ink-faint focus-visible:border-accent focus-visible:ring-3 focus-visible:ring-accent/25 dark:bg-surface-raised",
          monospace && "font-mono text-[0.8125rem]",
        )}
      />
    </div>
  )
}

/** A paragraph inside a section, for what a page holds when it is not a list of controls. */
export function SectionText({ children }: { children: ReactNode }) {
  return <p className="px-4 py-3 text-sm leading-relaxed text-ink-soft">{children}</p>
}
