// The new-user guide (issue 11): shown on a user's first sign-in — language, a first source, the columns and keys,
// done. The dialog loads on demand, so readers who never see it do not download it.
import { lazy, Suspense, useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { useStatusConfigs } from "../../queries/status.ts"
import { useSubscriptions } from "../../queries/subscriptions.ts"
import { isGuideDone, opensBySelf, useGuideStore } from "./guide-state.ts"

const GuideDialog = lazy(() => import("./guide-dialog.tsx"))

/** Opens the guide once per sign-in when this user has not had it and has nothing to read yet. */
function useOpenOnFirstSignIn(userId: string) {
  const enabled = useStatusConfigs().data?.NEW_USER_GUIDE
  const subscriptions = useSubscriptions().data?.length
  const checked = useRef(false)
  useEffect(() => {
    if (checked.current || enabled === undefined || subscriptions === undefined) return
    checked.current = true
    if (opensBySelf({ enabled, done: isGuideDone(userId), subscriptions })) useGuideStore.getState().show()
  }, [enabled, subscriptions, userId])
}

export function NewUserGuide({ userId }: { userId: string }) {
  useOpenOnFirstSignIn(userId)
  const open = useGuideStore((state) => state.open)
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <GuideDialog userId={userId} />
    </Suspense>
  )
}

/** Settings › general: "Show the guide again". */
export function ReopenGuideButton() {
  const { t } = useTranslation("guide")
  const show = useGuideStore((state) => state.show)
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="setting-guide">
      <div className="min-w-0 flex-[1_1_10rem]">
        <p className="text-sm font-medium text-ink">{t("reopen.label")}</p>
        <p className="mt-0.5 text-xs leading-relaxed text-ink-soft">{t("reopen.description")}</p>
      </div>
      <Button onClick={show} data-testid="guide-reopen">
        {t("reopen.action")}
      </Button>
    </div>
  )
}
