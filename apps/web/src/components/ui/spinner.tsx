import { cx } from "../../lib/cx.ts"

export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <span role="status" aria-label={label} className={cx("inline-block", className)}>
      <span className="block size-full animate-spin rounded-full border-2 border-current border-t-transparent opacity-60" />
    </span>
  )
}

/** Fills its parent and centres a spinner: for whole screens and panes that are loading. */
export function LoadingPane({ label }: { label: string }) {
  return (
    <div className="flex h-full min-h-32 w-full items-center justify-center text-ink-faint">
      <Spinner className="size-5" label={label} />
    </div>
  )
}
