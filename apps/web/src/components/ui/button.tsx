// Buttons in the app's few looks. Icon-only buttons must get an aria-label (and usually a title).
import type { ButtonHTMLAttributes } from "react"
import { cx } from "../../lib/cx.ts"

type Variant = "primary" | "secondary" | "ghost" | "danger"
type Size = "sm" | "md" | "icon"

const variants: Record<Variant, string> = {
  primary: "bg-accent text-on-accent shadow-sm hover:bg-accent-strong disabled:opacity-60",
  secondary:
    "border border-line bg-surface text-ink shadow-xs hover:bg-hover disabled:opacity-60 dark:bg-surface-raised",
  ghost: "text-ink-soft hover:bg-hover hover:text-ink disabled:opacity-50",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:opacity-60",
}

const sizes: Record<Size, string> = {
  sm: "h-7 gap-1.5 rounded-md px-2.5 text-xs",
  md: "h-9 gap-2 rounded-lg px-3.5 text-sm",
  icon: "size-8 rounded-md",
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant
  size?: Size
}

export function Button({ variant = "secondary", size = "md", className, type = "button", ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        "inline-flex shrink-0 cursor-pointer items-center justify-center font-medium transition-colors select-none",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed",
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  )
}
