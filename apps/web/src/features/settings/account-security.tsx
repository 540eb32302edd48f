// Settings › profile, sign-in part: where the account is signed in (this device marked, the others revocable),
// changing the e-mail address (a link mailed to the new one) and the password (with the current one, or set through
// a mailed link when the account has none).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  type AccountSession,
  changeEmail,
  changePassword,
  listAccountSessions,
  revokeAccountSession,
} from "../../api/account.ts"
import { requestPasswordReset } from "../../api/auth.ts"
import { Button } from "../../components/ui/button.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { formatFullDateTime } from "../../lib/format-date.ts"
import { queryKeys } from "../../queries/keys.ts"
import { useHasPassword } from "./linked-accounts.tsx"
import { SettingsSection } from "./setting-controls.tsx"

/** The same minimum the server sets (emailAndPassword.minPasswordLength). */
const MIN_PASSWORD_LENGTH = 8

const inputClass =
  "mt-1 w-full min-w-0 rounded-lg border border-line bg-canvas px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-accent aria-invalid:border-red-600"

export function SessionsSection({ currentSessionId }: { currentSessionId: string }) {
  const { t, i18n } = useTranslation("settings")
  const client = useQueryClient()
  const sessions = useQuery({ queryKey: queryKeys.accountSessions, queryFn: listAccountSessions })
  const revoke = useMutation({
    mutationFn: revokeAccountSession,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.accountSessions }),
  })
  // This device first, then the most recently used.
  const ordered = [...(sessions.data ?? [])].sort(
    (a, b) =>
      Number(b.id === currentSessionId) - Number(a.id === currentSessionId) || b.updatedAt.localeCompare(a.updatedAt),
  )
  return (
    <SettingsSection title={t("profile.section.sessions")}>
      {sessions.isPending && <p className="px-4 py-3 text-sm text-ink-soft">{t("invitations.loading")}</p>}
      {sessions.isError && (
        <p role="alert" className="px-4 py-3 text-sm text-red-700 dark:text-red-400">
          {errorMessage(sessions.error)}
        </p>
      )}
      <ul className="divide-y divide-line" data-testid="session-list">
        {ordered.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            current={session.id === currentSessionId}
            when={formatFullDateTime(new Date(session.updatedAt), i18n.language)}
            revoking={revoke.isPending && revoke.variables === session.token}
            onRevoke={() => revoke.mutate(session.token)}
          />
        ))}
      </ul>
    </SettingsSection>
  )
}

interface SessionRowProps {
  session: AccountSession
  current: boolean
  when: string
  revoking: boolean
  onRevoke: () => void
}

function SessionRow({ session, current, when, revoking, onRevoke }: SessionRowProps) {
  const { t } = useTranslation("settings")
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
      data-testid="session-row"
      data-current={current}
    >
      <div className="min-w-0 flex-[1_1_12rem]">
        <p className="text-sm font-medium break-words">
          {session.userAgent ? describeAgent(session.userAgent) : t("profile.session_unknown_device")}
          {current && (
            <span className="ml-2 rounded bg-accent/15 px-1.5 py-0.5 text-xs text-accent-strong">
              {t("profile.session_this_device")}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-ink-soft">
          {t("profile.session_last_used", { date: when })}
          {session.ipAddress ? ` · ${session.ipAddress}` : ""}
        </p>
      </div>
      {!current && (
        <Button size="sm" disabled={revoking} onClick={onRevoke} data-testid="session-revoke">
          {t("profile.session_revoke")}
        </Button>
      )}
    </li>
  )
}

/** "Chrome on Linux" style, enough to tell one's devices apart; the raw string is too long for a phone row. */
function describeAgent(agent: string): string {
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrome\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : agent.split(/[\s/]/)[0]
  const os = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad/.test(agent)
      ? "iOS"
      : /Mac OS X/.test(agent)
        ? "macOS"
        : /Windows/.test(agent)
          ? "Windows"
          : /Linux/.test(agent)
            ? "Linux"
            : ""
  return os ? `${browser} · ${os}` : (browser ?? agent)
}

export function PasswordSection({ email }: { email: string }) {
  const { t } = useTranslation("settings")
  const hasPassword = useHasPassword()
  return (
    <SettingsSection title={t("profile.section.password")}>
      <EmailChange email={email} />
      {hasPassword === false ? <SetPasswordByMail email={email} /> : <PasswordChange />}
    </SettingsSection>
  )
}

/**
 * No password yet (signed up through a provider): one is set through the reset link mailed to the account's
 * address, which proves the address is theirs; the reset creates the e-mail-and-password way in.
 */
function SetPasswordByMail({ email }: { email: string }) {
  const { t } = useTranslation("settings")
  const send = useMutation({ mutationFn: () => requestPasswordReset(email) })
  return (
    <div className="px-4 py-3" data-testid="password-none">
      <p className="text-sm text-ink-soft">{t("profile.password_none", { email })}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button onClick={() => send.mutate()} disabled={send.isPending} data-testid="password-set-link">
          {t("profile.password_set_link")}
        </Button>
        <p role="status" className="text-sm" data-testid="password-set-status">
          {send.isSuccess && <span className="text-ink-soft">{t("profile.password_set_sent", { email })}</span>}
          {send.isError && <span className="text-red-700 dark:text-red-400">{errorMessage(send.error)}</span>}
        </p>
      </div>
    </div>
  )
}

function PasswordChange() {
  const { t } = useTranslation("settings")
  const [current, setCurrent] = useState("")
  const [next, setNext] = useState("")
  const [tooShort, setTooShort] = useState(false)
  const currentId = useId()
  const nextId = useId()
  const noteId = useId()
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setCurrent("")
      setNext("")
    },
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const short = next.length < MIN_PASSWORD_LENGTH
    setTooShort(short)
    if (!short && current) change.mutate({ currentPassword: current, newPassword: next })
  }
  return (
    <form onSubmit={submit} noValidate className="px-4 py-3" data-testid="password-form">
      <label htmlFor={currentId} className="block text-sm font-medium">
        {t("profile.password_current")}
      </label>
      <input
        id={currentId}
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => {
          setCurrent(e.target.value)
          change.reset()
        }}
        className={inputClass}
        data-testid="password-current"
      />
      <label htmlFor={nextId} className="mt-3 block text-sm font-medium">
        {t("profile.password_new")}
      </label>
      <input
        id={nextId}
        type="password"
        autoComplete="new-password"
        value={next}
        aria-invalid={tooShort ? true : undefined}
        aria-describedby={noteId}
        onChange={(e) => {
          setNext(e.target.value)
          setTooShort(false)
          change.reset()
        }}
        className={inputClass}
        data-testid="password-new"
      />
      <p
        id={noteId}
        className={tooShort ? "mt-1 text-xs text-red-700 dark:text-red-400" : "mt-1 text-xs text-ink-soft"}
      >
        {t("profile.password_hint", { count: MIN_PASSWORD_LENGTH })}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={change.isPending || !current} data-testid="password-submit">
          {t("profile.password_change")}
        </Button>
        <p role="status" className="text-sm" data-testid="password-status">
          {change.isSuccess && <span className="text-ink-soft">{t("profile.password_changed")}</span>}
          {change.isError && <span className="text-red-700 dark:text-red-400">{errorMessage(change.error)}</span>}
        </p>
      </div>
    </form>
  )
}

/** The address changes only when the link mailed to the new one is opened; until then the old one stays. */
function EmailChange({ email }: { email: string }) {
  const { t } = useTranslation("settings")
  const [next, setNext] = useState("")
  const [invalid, setInvalid] = useState(false)
  const id = useId()
  const change = useMutation({ mutationFn: changeEmail })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const address = next.trim()
    const bad = !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.toLowerCase() === email.toLowerCase()
    setInvalid(bad)
    if (!bad) change.mutate(address)
  }
  return (
    <form onSubmit={submit} noValidate className="px-4 py-3" data-testid="account-email">
      <p className="text-sm font-medium">{t("profile.email")}</p>
      <p className="mt-0.5 text-sm break-all" data-testid="account-email-current">
        {email}
      </p>
      <label htmlFor={id} className="mt-3 block text-sm font-medium">
        {t("profile.email_change_label")}
      </label>
      <input
        id={id}
        type="email"
        autoComplete="email"
        value={next}
        aria-invalid={invalid ? true : undefined}
        onChange={(e) => {
          setNext(e.target.value)
          setInvalid(false)
          change.reset()
        }}
        className={inputClass}
        data-testid="email-new"
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={change.isPending || !next.trim()} data-testid="email-submit">
          {t("profile.email_change")}
        </Button>
        <p role="status" className="text-sm" data-testid="email-status">
          {invalid && <span className="text-red-700 dark:text-red-400">{t("profile.email_invalid")}</span>}
          {change.isSuccess && (
            <span className="text-ink-soft">{t("profile.email_change_sent", { email: change.variables })}</span>
          )}
          {change.isError && <span className="text-red-700 dark:text-red-400">{errorMessage(change.error)}</span>}
        </p>
      </div>
    </form>
  )
}
