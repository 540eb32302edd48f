import type { ReactNode } from "react"
import { Icon, type IconName } from "./icons.tsx"

export function EmptyState({ icon, title, children }: { icon: IconName; title: string; children?: ReactNode }) {
  return (
    <div className="flex h-full min-h-40 flex-col items-center justify-center gap-3 px-6 text-center text-ink-faint">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-hover">
        <Icon name={icon} className="size-6" />
      </span>
      <p className="text-sm">{title}</p>
      {children}
    </div>
  )
}
