// The admin page's building blocks: a titled section with an anchor for the page's nav, and an error line.
import type { ReactNode } from "react"

/** One block of the admin page, with an anchor for the page's nav. */
export function AdminSection(props: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section
      id={props.id}
      aria-labelledby={`${props.id}-title`}
      className="mt-4 scroll-mt-4 rounded-xl border border-line bg-surface p-4 dark:bg-surface-raised"
      data-testid={props.id}
    >
      <h2 id={`${props.id}-title`} className="text-sm font-semibold">
        {props.title}
      </h2>
      {props.hint && <p className="mt-1 text-sm text-ink-soft">{props.hint}</p>}
      {props.children}
    </section>
  )
}

export function AdminAlert({ message, testId }: { message: string; testId?: string }) {
  return (
    <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400" data-testid={testId}>
      {message}
    </p>
  )
}
