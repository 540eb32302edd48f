// Detail text with a copy button; the confirmation shows for 2 s (spec client §5).
import { useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { Icon } from "./icons.tsx"

const CONFIRMATION_MS = 2000

/** `textClassName` replaces the small, muted look of the text (a secret shown once reads better large). */
export function CopyableText({ text, textClassName }: { text: string; textClassName?: string }) {
  const { t } = useTranslation("common")
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle")

  useEffect(() => {
    if (state === "idle") return
    const timer = setTimeout(() => setState("idle"), CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [state])

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState("copied"),
      () => setState("failed"),
    )

  return (
    <div className="mt-1 flex items-start gap-2">
      <code className={`line-clamp-3 min-w-0 flex-1 break-all ${textClassName ?? "text-xs opacity-80"}`}>{text}</code>
      <button
        type="button"
        onClick={copy}
        className="inline-flex shrink-0 cursor-pointer items-center gap-1 rounded px-1.5 py-0.5 text-xs hover:bg-black/5 dark:hover:bg-white/10"
      >
        <Icon name={state === "copied" ? "check" : "copy"} className="size-3" />
        {state === "copied" ? t("copy.copied") : state === "failed" ? t("copy.failed") : t("copy.copy")}
      </button>
    </div>
  )
}
