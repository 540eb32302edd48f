// Settings › notifications: what this browser allows (the permission, with how to change it; whether Web Push is
// possible here), which notifications to show, Web Push on or off for this browser (subscribed through the service
// worker with the server's VAPID key and registered with /messaging) and a test push to all of the user's devices.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type ReactNode, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { sendTestPush } from "../../api/messaging.ts"
import { Button } from "../../components/ui/button.tsx"
import { cx } from "../../lib/cx.ts"
import {
  NOTIFICATION_KINDS,
  notificationPermission,
  type PermissionState,
  pushSupported,
  useNotificationChoices,
  watchNotificationPermission,
} from "./notification-choices.ts"
import { SettingsSection, SwitchRow } from "./setting-controls.tsx"
import { SettingsPage } from "./settings-page.tsx"

const TONE: Record<PermissionState, string> = {
  granted: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  denied: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200",
  default: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  unsupported: "bg-hover text-ink-soft",
}

export function NotificationsSettingsPage() {
  const { t } = useTranslation("integrations")
  const client = useQueryClient()
  const [permission, setPermission] = useState<PermissionState>(notificationPermission)
  const choices = useNotificationChoices()
  // Whether the Permissions API has answered (it knows the state the Notification API may only guess at).
  const [watched, setWatched] = useState(false)
  useEffect(() => {
    const stop = watchNotificationPermission((state) => {
      setPermission(state)
      setWatched(true)
    })
    return () => void stop.then((run) => run())
  }, [])
  const ask = async () => {
    const answer = await Notification.requestPermission()
    setPermission(answer)
    // Allowed just now: this browser registers for push at once rather than at the next start.
    if (answer === "granted")
      void import("../../app/web-push.ts")
        .then((push) => push.startWebPush())
        .then(() => client.invalidateQueries({ queryKey: PUSH_KEY }))
  }
  const push = pushSupported()

  return (
    <SettingsPage page="notifications">
      <SettingsSection title={t("notifications.section.browser")}>
        <StatusRow
          testId="notification-permission"
          label={t("notifications.permission")}
          description={t(`notifications.permission.${permission}.description`)}
          status={t(`notifications.permission.${permission}`)}
          state={permission}
          tone={permission}
          watched={watched}
        >
          {permission === "default" && (
            <Button size="sm" variant="primary" onClick={() => void ask()} data-testid="notification-ask">
              {t("notifications.ask")}
            </Button>
          )}
        </StatusRow>
        <StatusRow
          testId="notification-push"
          label={t("notifications.push")}
          description={t(push ? "notifications.push.yes.description" : "notifications.push.no.description")}
          status={t(push ? "notifications.push.yes" : "notifications.push.no")}
          state={push ? "supported" : "unsupported"}
          tone={push ? "granted" : "unsupported"}
        />
      </SettingsSection>

      <SettingsSection title={t("notifications.section.kinds")}>
        {NOTIFICATION_KINDS.map((kind) => (
          <SwitchRow
            key={kind}
            label={t(`notifications.kind.${kind}`)}
            description={t(`notifications.kind.${kind}.description`)}
            checked={choices.kinds[kind]}
            onChange={(on) => choices.setKind(kind, on)}
            testId={`notification-kind-${kind}`}
          />
        ))}
        <SwitchRow
          label={t("notifications.onlyWhenHidden")}
          description={t("notifications.onlyWhenHidden.description")}
          checked={choices.onlyWhenHidden}
          onChange={choices.setOnlyWhenHidden}
          testId="notification-onlyWhenHidden"
        />
      </SettingsSection>

      <WebPushSection
        supported={push && permission !== "unsupported"}
        denied={permission === "denied"}
        onPermission={setPermission}
      />
    </SettingsPage>
  )
}

const PUSH_KEY = ["web-push", "on"] as const

/** Web Push for this browser (on / off) and a test notification sent by the server to all the user's devices. */
function WebPushSection({
  supported,
  denied,
  onPermission,
}: {
  supported: boolean
  denied: boolean
  onPermission: (state: PermissionState) => void
}) {
  const { t } = useTranslation("integrations")
  const client = useQueryClient()
  const on = useQuery({
    queryKey: PUSH_KEY,
    queryFn: async () => (await import("../../app/web-push.ts")).webPushOn(),
    enabled: supported,
  })
  const toggle = useMutation({
    mutationFn: async (next: boolean) => {
      const push = await import("../../app/web-push.ts")
      if (!next) {
        await push.disableWebPush()
        return "off" as const
      }
      const result = await push.enableWebPush()
      onPermission(notificationPermission())
      return result
    },
    onSettled: () => client.invalidateQueries({ queryKey: PUSH_KEY }),
  })
  const test = useMutation({
    mutationFn: () => sendTestPush(t("notifications.test.title"), t("notifications.test.body")),
  })
  const problem =
    toggle.error || toggle.data === "no-worker"
      ? t("notifications.webPush.failed")
      : toggle.data === "denied"
        ? t("notifications.webPush.denied")
        : undefined
  const report = test.data
  return (
    <SettingsSection title={t("notifications.section.delivery")}>
      <SwitchRow
        label={t("notifications.webPush")}
        description={supported ? t("notifications.webPush.description") : t("notifications.push.no.description")}
        note={denied ? t("notifications.webPush.denied") : undefined}
        checked={on.data === true}
        disabled={!supported || denied || toggle.isPending || on.isPending}
        onChange={(next) => toggle.mutate(next)}
        testId="web-push-toggle"
      />
      {problem && (
        <p role="alert" className="px-4 pb-3 text-sm text-red-700 dark:text-red-400" data-testid="web-push-problem">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="web-push-test">
        <div className="min-w-0 flex-[1_1_12rem]">
          <p className="text-sm font-medium text-ink">{t("notifications.test")}</p>
          <p className="mt-0.5 text-xs leading-relaxed text-ink-soft">{t("notifications.test.description")}</p>
        </div>
        <Button size="sm" disabled={test.isPending} onClick={() => test.mutate()} data-testid="web-push-test-send">
          {t("notifications.test.send")}
        </Button>
        <p className="basis-full text-sm text-ink-soft" aria-live="polite" data-testid="web-push-test-result">
          {test.isError
            ? t("notifications.test.failed")
            : report
              ? report.sent
                ? t("notifications.test.sent", { count: report.sent })
                : t("notifications.test.none")
              : ""}
        </p>
      </div>
    </SettingsSection>
  )
}

/** A fact about this browser: what it is, what it means, its state as a badge, and what can be done about it. */
function StatusRow({
  testId,
  label,
  description,
  status,
  state,
  tone,
  watched,
  children,
}: {
  testId: string
  label: string
  description: string
  status: string
  state: string
  tone: PermissionState
  watched?: boolean
  children?: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid={testId}>
      <div className="min-w-0 flex-[1_1_12rem]">
        <p className="text-sm font-medium text-ink">{label}</p>
        <p className="mt-0.5 text-xs leading-relaxed text-ink-soft">{description}</p>
      </div>
      <span
        className={cx("rounded-full px-2.5 py-0.5 text-xs font-semibold", TONE[tone])}
        data-testid={`${testId}-state`}
        data-state={state}
        data-watched={watched}
      >
        {status}
      </span>
      {children}
    </div>
  )
}

export { NotificationsSettingsPage as Component }
