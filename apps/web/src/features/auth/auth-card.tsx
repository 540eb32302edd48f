// The frame of the signed-out screens (sign-in's look): the brand above one card.
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"

export function AuthCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation("app")
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <img src="/favicon.svg" alt="" className="size-12" />
          <p className="text-2xl font-semibold tracking-tight">{t("brand")}</p>
        </div>
        <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm">{children}</div>
      </div>
    </main>
  )
}

export function FormMessage({ tone, children, testId }: { tone: "error" | "ok"; children: ReactNode; testId: string }) {
  const look =
    tone === "error"
      ? "bg-red-500/10 text-red-700 dark:text-red-300"
      : "bg-emerald-500/10 text-emerald-800 dark:text-emerald-300"
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg px-3 py-2 text-sm break-words ${look}`}
      data-testid={testId}
    >
      {children}
    </p>
  )
}
