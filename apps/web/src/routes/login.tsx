// /login: sign in or sign up, then go where the user was going (or the default timeline).
import { useTranslation } from "react-i18next"
import { Navigate, useNavigate, useSearchParams } from "react-router"
import { safeRedirect } from "../app/paths.ts"
import { LoadingPane } from "../components/ui/spinner.tsx"
import { LoginForm } from "../features/auth/login-form.tsx"
import { SocialSignIn } from "../features/auth/social-sign-in.tsx"
import { REFERRAL_PARAM, storeReferralCode } from "../lib/referral-code.ts"
import { DEFAULT_TIMELINE_PATH } from "../lib/route-ids.ts"
import { useSession } from "../queries/session.ts"
import { useSessionStore } from "../stores/session-store.ts"

export function LoginRoute() {
  const { t } = useTranslation(["auth", "app", "common"])
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const session = useSession()
  const expired = useSessionStore((state) => state.expired)
  const target = safeRedirect(params.get("redirect")) ?? DEFAULT_TIMELINE_PATH
  // A shared referral link: the code goes with the sign-up call (lib/referral-code.ts).
  storeReferralCode(params.get(REFERRAL_PARAM))

  if (session.isPending) return <LoadingPane label={t("common:status.loading")} />
  if (session.data) return <Navigate to={target} replace />

  return (
    <div className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center gap-3 text-center">
          <img src="/favicon.svg" alt="" className="size-12" />
          <p className="text-2xl font-semibold tracking-tight">{t("app:brand")}</p>
          <p className="text-sm text-ink-soft">{t("login.tagline")}</p>
        </div>
        {expired && (
          <p
            role="status"
            className="mb-4 rounded-lg bg-amber-500/15 px-3 py-2 text-sm text-amber-800 dark:text-amber-300"
            data-testid="session-expired"
          >
            {t("login.session_expired")}
          </p>
        )}
        <div className="rounded-2xl border border-line bg-surface p-6 shadow-sm">
          <LoginForm onSignedIn={() => navigate(target, { replace: true })} />
          <SocialSignIn target={target} autoStart={params.get("provider")} />
        </div>
      </div>
    </div>
  )
}

export { LoginRoute as Component }
