// /invitation: where the client lands on error 1003. Entering a valid code makes the user pro (the session is
// fetched again so the whole app sees the new role) and opens the timeline; a wrong or spent code is explained here.
import { type FormEvent, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link, Navigate, useNavigate } from "react-router"
import { Button } from "../components/ui/button.tsx"
import { LoadingPane } from "../components/ui/spinner.tsx"
import { errorMessage } from "../i18n/error-message.ts"
import { DEFAULT_TIMELINE_PATH } from "../lib/route-ids.ts"
import { useRedeemInvitation } from "../queries/invitations.ts"
import { useSession } from "../queries/session.ts"

export function InvitationRoute() {
  const { t } = useTranslation(["settings", "common"])
  const session = useSession()
  const navigate = useNavigate()
  const redeem = useRedeemInvitation()
  const [code, setCode] = useState("")
  const [empty, setEmpty] = useState(false)
  const inputId = useId()
  const messageId = useId()

  if (session.isPending) return <LoadingPane label={t("common:status.loading")} />
  if (!session.data) return <Navigate to="/login?redirect=%2Finvitation" replace />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = code.trim()
    setEmpty(!trimmed)
    if (!trimmed) return
    redeem.mutate(trimmed, { onSuccess: () => navigate(DEFAULT_TIMELINE_PATH, { replace: true }) })
  }
  const problem = empty ? t("invitation.required") : redeem.isError ? errorMessage(redeem.error) : undefined

  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-12">
      <div className="w-full max-w-sm">
        <h1 className="mb-2 text-center text-2xl font-semibold tracking-tight">{t("invitation.title")}</h1>
        <p className="mb-6 text-center text-sm text-ink-soft">{t("invitation.intro")}</p>
        {/* The server refuses a code to these roles with the bare "Invalid invitation"; say why before they try. */}
        {(session.data.role === "pro" || session.data.role === "admin") && (
          <p role="status" className="mb-4 rounded-lg bg-accent/10 px-3 py-2 text-sm" data-testid="invitation-has-pro">
            {t("invitation.already_pro")}
          </p>
        )}
        <form
          onSubmit={submit}
          noValidate
          className="rounded-2xl border border-line bg-surface p-6 shadow-sm"
          data-testid="invitation-form"
        >
          <label htmlFor={inputId} className="block text-sm font-medium">
            {t("invitation.code_label")}
          </label>
          <input
            id={inputId}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? messageId : undefined}
            placeholder="ABCD234567"
            className="mt-1.5 w-full rounded-lg border border-line bg-canvas px-3 py-2 font-mono text-base tracking-wider uppercase focus-visible:outline-2 focus-visible:outline-accent"
            data-testid="invitation-code"
          />
          {problem && (
            <p id={messageId} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          )}
          <Button
            type="submit"
            variant="primary"
            disabled={redeem.isPending}
            className="mt-4 w-full"
            data-testid="invitation-submit"
          >
            {redeem.isPending ? t("invitation.checking") : t("invitation.submit")}
          </Button>
        </form>
        <p className="mt-4 text-center text-sm">
          <Link to={DEFAULT_TIMELINE_PATH} className="font-medium text-accent-strong hover:underline">
            {t("invitation.back")}
          </Link>
        </p>
      </div>
    </main>
  )
}

export { InvitationRoute as Component }
