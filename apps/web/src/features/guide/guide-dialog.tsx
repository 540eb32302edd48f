// The guide's dialog: four steps, Skip (or the close button, Escape) and Finish both mark it done for this user.
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "../../components/ui/button.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { track } from "../../lib/analytics.ts"
import { markGuideDone, useGuideStore } from "./guide-state.ts"
import { FinishStep, KeysStep, LanguageStep, SourcesStep } from "./guide-steps.tsx"

const STEPS = [
  { id: "language", Body: LanguageStep },
  { id: "sources", Body: SourcesStep },
  { id: "keys", Body: KeysStep },
  { id: "finish", Body: FinishStep },
] as const

export function GuideDialog({ userId }: { userId: string }) {
  const { t } = useTranslation("guide")
  const [index, setIndex] = useState(0)
  const step = STEPS[index]
  const last = index === STEPS.length - 1
  const close = () => {
    markGuideDone(userId)
    useGuideStore.getState().hide()
  }
  const finish = () => {
    track("onboarding", { completed: true })
    close()
  }
  return (
    <Dialog
      open
      onClose={close}
      title={t(`step.${step.id}.title`)}
      description={t("progress", { step: index + 1, total: STEPS.length })}
      testId="new-user-guide"
    >
      <div data-step={step.id} data-testid="guide-step">
        <step.Body />
      </div>
      <div className="mt-5 flex items-center justify-between gap-2">
        {last ? (
          <span />
        ) : (
          <Button variant="ghost" onClick={close} data-testid="guide-skip">
            {t("skip")}
          </Button>
        )}
        <div className="flex gap-2">
          {index > 0 && (
            <Button onClick={() => setIndex(index - 1)} data-testid="guide-back">
              {t("back")}
            </Button>
          )}
          <Button
            variant="primary"
            onClick={last ? finish : () => setIndex(index + 1)}
            data-testid={last ? "guide-finish" : "guide-next"}
          >
            {last ? t("finish.action") : t("next")}
          </Button>
        </div>
      </div>
    </Dialog>
  )
}

export { GuideDialog as default }
