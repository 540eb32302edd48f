// Settings › AI › Tasks: the user's scheduled prompts (/ai/task). Each shows its schedule, when it runs next, and
// its last result or error; it can be run at once ("test run"), edited, switched off and deleted.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import type { AiTask, AiTaskInput, AiTaskSchedule } from "../../api/ai-tasks.ts"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { Dialog } from "../../components/ui/dialog.tsx"
import { SelectField, TextField } from "../../components/ui/field.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { AiProblem } from "../ai/ai-problem.tsx"
import { SectionText, SettingsSection } from "../settings/setting-controls.tsx"
import { Markdown } from "./markdown.tsx"
import { browserTimeZone, useTimeZoneSync } from "./time-zone.ts"

const api = () => import("../../api/ai-tasks.ts")
export const taskKeys = { all: ["ai", "tasks"] as const }

export function AiTasksSection() {
  const { t } = useTranslation("ai-tasks")
  useTimeZoneSync()
  const tasks = useQuery({ queryKey: taskKeys.all, queryFn: async ({ signal }) => (await api()).listAiTasks(signal) })
  const [editing, setEditing] = useState<AiTask | "new" | undefined>()

  return (
    <SettingsSection title={t("tasks.section")}>
      <div className="flex flex-wrap items-center gap-3 px-4 py-3">
        <p className="min-w-0 flex-[1_1_14rem] text-xs leading-relaxed text-ink-soft">
          {t("tasks.intro", { zone: browserTimeZone() })}
        </p>
        <Button size="sm" variant="primary" onClick={() => setEditing("new")} data-testid="ai-task-add">
          <Icon name="plus" className="size-3.5" />
          {t("tasks.add")}
        </Button>
      </div>
      {tasks.error ? (
        <div className="px-4 py-3">
          <AiProblem error={tasks.error} onRetry={() => void tasks.refetch()} />
        </div>
      ) : tasks.data?.length === 0 ? (
        <SectionText>{t("tasks.none")}</SectionText>
      ) : (
        tasks.data?.map((task) => <TaskRow key={task.id} task={task} onEdit={() => setEditing(task)} />)
      )}
      {editing && <TaskDialog task={editing === "new" ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </SettingsSection>
  )
}

function useReplaceTask() {
  const client = useQueryClient()
  return (task: AiTask) =>
    client.setQueryData<AiTask[]>(taskKeys.all, (list) =>
      list?.some((t) => t.id === task.id) ? list.map((t) => (t.id === task.id ? task : t)) : [...(list ?? []), task],
    )
}

function TaskRow({ task, onEdit }: { task: AiTask; onEdit: () => void }) {
  const { t, i18n } = useTranslation("ai-tasks")
  const client = useQueryClient()
  const replace = useReplaceTask()
  const [confirming, setConfirming] = useState(false)
  const [showResult, setShowResult] = useState(false)
  const resultId = useId()
  const run = useMutation({
    mutationFn: async () => (await api()).testRunAiTask(task.id),
    onSuccess: (updated) => {
      replace(updated)
      setShowResult(true)
      // The run spent tokens: today's usage above has changed.
      void client.invalidateQueries({ queryKey: ["ai", "usage"] })
    },
  })
  const remove = useMutation({
    mutationFn: async () => (await api()).deleteAiTask(task.id),
    onSuccess: () => client.setQueryData<AiTask[]>(taskKeys.all, (list) => list?.filter((x) => x.id !== task.id)),
  })
  const date = (iso: string) => shortDateTime(new Date(iso), i18n.language)

  return (
    <div className="px-4 py-3" data-testid="ai-task" data-task-name={task.name}>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-[1_1_12rem]">
          <p className="flex flex-wrap items-center gap-1.5 text-sm font-medium text-ink">
            <span className="break-words">{task.name}</span>
            {!task.isEnabled && <Badge>{t("tasks.paused")}</Badge>}
            {task.options.notifyChannels?.includes("email") && <Badge>{t("tasks.email")}</Badge>}
            {task.options.notifyChannels?.includes("web") && <Badge>{t("tasks.push")}</Badge>}
          </p>
          <p className="mt-0.5 text-xs text-ink-soft">{scheduleSummary(task.schedule, t, i18n.language)}</p>
          <p className="mt-0.5 text-xs text-ink-faint">
            {[
              task.nextRunAt && t("tasks.next_run", { date: date(task.nextRunAt) }),
              task.lastRunAt && t("tasks.last_run", { date: date(task.lastRunAt) }),
              task.runCount > 0 && t("tasks.run_count", { count: task.runCount }),
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button
            size="sm"
            onClick={() => run.mutate()}
            disabled={run.isPending}
            aria-busy={run.isPending}
            data-testid="ai-task-run"
          >
            <Icon name="sparkles" className="size-3.5" />
            {run.isPending ? t("tasks.running") : t("tasks.test_run")}
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`${t("tasks.edit")}: ${task.name}`}
            title={t("tasks.edit")}
            onClick={onEdit}
            data-testid="ai-task-edit"
          >
            <Icon name="pencil" className="size-4" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`${t("tasks.delete")}: ${task.name}`}
            title={t("tasks.delete")}
            onClick={() => setConfirming(true)}
            data-testid="ai-task-delete"
          >
            <Icon name="trash" className="size-4" />
          </Button>
        </div>
      </div>
      {run.error && (
        <div className="mt-2">
          <AiProblem error={run.error} onRetry={() => run.mutate()} />
        </div>
      )}
      {task.lastError && !run.error && (
        <p className="mt-2 text-xs text-red-700 dark:text-red-400" data-testid="ai-task-error">
          {t("tasks.last_error", { error: task.lastError })}
        </p>
      )}
      {task.lastResult && (
        <div className="mt-2">
          <button
            type="button"
            aria-expanded={showResult}
            aria-controls={resultId}
            onClick={() => setShowResult(!showResult)}
            className="inline-flex items-center gap-1 rounded text-xs font-medium text-accent-strong hover:underline focus-visible:outline-2 focus-visible:outline-accent"
            data-testid="ai-task-result-toggle"
          >
            <Icon name="chevronRight" className={`size-3.5 transition-transform ${showResult ? "rotate-90" : ""}`} />
            {showResult ? t("tasks.hide_result") : t("tasks.show_result")}
          </button>
          {showResult && (
            <div id={resultId} className="mt-2 rounded-lg border border-line bg-hover/40 px-3 py-2">
              <Markdown text={task.lastResult} testId="ai-task-result" />
            </div>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("tasks.delete.title", { name: task.name })}
        description={t("tasks.delete.description")}
        confirmLabel={t("tasks.delete")}
        danger
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </div>
  )
}

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded-full border border-line px-1.5 py-px text-[0.6875rem] font-medium text-ink-soft">
      {children}
    </span>
  )
}

function shortDateTime(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(date)
}

type T = ReturnType<typeof useTranslation<"ai-tasks">>["t"]

/** Sunday = 0, as the server counts. */
export function weekdayName(day: number, locale: string): string {
  // 1 January 2023 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2023, 0, 1 + day)),
  )
}

function timeLabel(timeOfDay: string, locale: string): string {
  const [h, m] = timeOfDay.split(":").map(Number)
  return new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(Date.UTC(2023, 0, 1, h, m)),
  )
}

export function scheduleSummary(s: AiTaskSchedule, t: T, locale: string): string {
  switch (s.type) {
    case "once":
      return t("summary.once", { date: shortDateTime(new Date(s.date), locale) })
    case "daily":
      return t("summary.daily", { time: timeLabel(s.timeOfDay, locale) })
    case "weekly":
      return t("summary.weekly", { day: weekdayName(s.dayOfWeek, locale), time: timeLabel(s.timeOfDay, locale) })
    case "monthly":
      return t("summary.monthly", { day: s.dayOfMonth, time: timeLabel(s.timeOfDay, locale) })
  }
}

interface FormState {
  name: string
  prompt: string
  type: AiTaskSchedule["type"]
  /** datetime-local value, for a one-off */
  date: string
  time: string
  dayOfWeek: number
  dayOfMonth: number
  isEnabled: boolean
  email: boolean
  push: boolean
}

/** "2026-12-01T09:00" in the browser's zone, an hour from now rounded to the hour. */
function defaultDate(): string {
  const d = new Date(Date.now() + 3_600_000)
  d.setMinutes(0, 0, 0)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`
}

function toForm(task: AiTask | undefined): FormState {
  const s = task?.schedule
  return {
    name: task?.name ?? "",
    prompt: task?.prompt ?? "",
    type: s?.type ?? "daily",
    date: s?.type === "once" ? s.date.slice(0, 16) : defaultDate(),
    time: s && s.type !== "once" ? s.timeOfDay : "09:00",
    dayOfWeek: s?.type === "weekly" ? s.dayOfWeek : 1,
    dayOfMonth: s?.type === "monthly" ? s.dayOfMonth : 1,
    isEnabled: task?.isEnabled ?? true,
    email: task?.options.notifyChannels?.includes("email") ?? false,
    push: task?.options.notifyChannels?.includes("web") ?? false,
  }
}

function toInput(f: FormState): AiTaskInput {
  const schedule: AiTaskSchedule =
    f.type === "once"
      ? { type: "once", date: f.date }
      : f.type === "weekly"
        ? { type: "weekly", dayOfWeek: f.dayOfWeek, timeOfDay: f.time }
        : f.type === "monthly"
          ? { type: "monthly", dayOfMonth: f.dayOfMonth, timeOfDay: f.time }
          : { type: "daily", timeOfDay: f.time }
  return {
    name: f.name.trim(),
    prompt: f.prompt.trim(),
    isEnabled: f.isEnabled,
    schedule,
    options:
      f.email || f.push
        ? { notifyChannels: [...(f.email ? (["email"] as const) : []), ...(f.push ? (["web"] as const) : [])] }
        : {},
  }
}

function TaskDialog({ task, onClose }: { task: AiTask | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation("ai-tasks")
  const replace = useReplaceTask()
  const [form, setForm] = useState(() => toForm(task))
  const [problem, setProblem] = useState<string>()
  const promptId = useId()
  // An edit clears the last problem: it may be what was wrong.
  const set = (patch: Partial<FormState>) => {
    setProblem(undefined)
    setForm((f) => ({ ...f, ...patch }))
  }
  const save = useMutation({
    mutationFn: async (input: AiTaskInput) =>
      task ? (await api()).updateAiTask(task.id, input) : (await api()).createAiTask(input),
    onSuccess: (saved) => {
      replace(saved)
      onClose()
    },
    onError: (error) => setProblem(errorMessage(error)),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!form.name.trim() || !form.prompt.trim()) return setProblem(t("form.required"))
    if (form.type === "once" && !form.date) return setProblem(t("form.date_required"))
    save.mutate(toInput(form))
  }

  return (
    <Dialog open onClose={onClose} title={task ? t("form.title.edit") : t("form.title.new")} testId="ai-task-dialog">
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <TextField
          label={t("form.name")}
          value={form.name}
          maxLength={100}
          onChange={(e) => set({ name: e.target.value })}
          data-testid="ai-task-name"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={promptId} className="text-xs font-medium text-ink-soft">
            {t("form.prompt")}
          </label>
          <textarea
            id={promptId}
            value={form.prompt}
            rows={4}
            maxLength={4000}
            placeholder={t("form.prompt.placeholder")}
            onChange={(e) => set({ prompt: e.target.value })}
            className="w-full resize-y rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink outline-none placeholder:text-ink-faint focus-visible:border-accent focus-visible:ring-3 focus-visible:ring-accent/25 dark:bg-surface-raised"
            data-testid="ai-task-prompt"
          />
        </div>
        <div className="grid grid-cols-2 gap-3 max-sm:grid-cols-1">
          <SelectField
            label={t("form.schedule")}
            value={form.type}
            onChange={(e) => set({ type: e.target.value as FormState["type"] })}
            data-testid="ai-task-schedule"
          >
            {(["once", "daily", "weekly", "monthly"] as const).map((type) => (
              <option key={type} value={type}>
                {t(`schedule.${type}`)}
              </option>
            ))}
          </SelectField>
          {form.type === "once" ? (
            <TextField
              label={t("form.date")}
              type="datetime-local"
              value={form.date}
              onChange={(e) => set({ date: e.target.value })}
              data-testid="ai-task-date"
            />
          ) : (
            <TextField
              label={t("form.time")}
              type="time"
              value={form.time}
              onChange={(e) => set({ time: e.target.value })}
              data-testid="ai-task-time"
            />
          )}
          {form.type === "weekly" && (
            <SelectField
              label={t("form.day_of_week")}
              value={form.dayOfWeek}
              onChange={(e) => set({ dayOfWeek: Number(e.target.value) })}
            >
              {[1, 2, 3, 4, 5, 6, 0].map((day) => (
                <option key={day} value={day}>
                  {weekdayName(day, i18n.language)}
                </option>
              ))}
            </SelectField>
          )}
          {form.type === "monthly" && (
            <SelectField
              label={t("form.day_of_month")}
              value={form.dayOfMonth}
              onChange={(e) => set({ dayOfMonth: Number(e.target.value) })}
            >
              {Array.from({ length: 31 }, (_, i) => i + 1).map((day) => (
                <option key={day} value={day}>
                  {day}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        <Check label={t("form.enabled")} checked={form.isEnabled} onChange={(isEnabled) => set({ isEnabled })} />
        <Check
          label={t("form.email")}
          checked={form.email}
          onChange={(email) => set({ email })}
          testId="ai-task-email"
        />
        <Check label={t("form.push")} checked={form.push} onChange={(push) => set({ push })} testId="ai-task-push" />
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="ai-task-problem">
            {problem}
          </p>
        )}
        <div className="mt-1 flex justify-end gap-2">
          <Button onClick={onClose}>{t("form.cancel")}</Button>
          <Button type="submit" variant="primary" disabled={save.isPending} data-testid="ai-task-save">
            {t("form.save")}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}

function Check({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  testId?: string
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-ink">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="size-4 accent-[var(--color-accent)]"
        data-testid={testId}
      />
      {label}
    </label>
  )
}
