// Settings › AI › Model: which model answers now, and the user's own provider (base URL, model, fast model, speech
// model and voice for Listen, a write-only key) with save, remove and "test connection", whose result shows in place.
import { useMutation, useQueryClient } from "@tanstack/react-query"
import { ErrorCode } from "@tidings/shared"
import { type FormEvent, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  type AiProvider,
  type ProviderTestResult,
  removeAiProvider,
  saveAiProvider,
  testAiProvider,
} from "../../api/ai.ts"
import { ApiError, catalogueCode } from "../../api/api-error.ts"
import { Button } from "../../components/ui/button.tsx"
import { TextField } from "../../components/ui/field.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { aiKeys, useAiConfig, useAiProvider } from "./ai-queries.ts"
import { providerProblem } from "./provider-input.ts"

/** The words to show for a failed provider call: the server's own for a provider failure (what to fix). */
export function providerErrorText(error: unknown): string {
  const code = catalogueCode(error)
  if (error instanceof ApiError && (code === ErrorCode.MissingConfiguration || code === ErrorCode.InternalError))
    return error.message
  const reason = error instanceof ApiError ? error.reason : undefined
  return reason ? `${errorMessage(error)}: ${reason}` : errorMessage(error)
}

export function ModelStatus() {
  const { t } = useTranslation("ai")
  const config = useAiConfig()
  const data = config.data
  return (
    <div className="flex items-start gap-3 px-4 py-3" data-testid="ai-model-status" role="status">
      <Icon
        name={data?.available ? "check" : "sparkles"}
        className={data?.available ? "mt-0.5 size-4 text-accent" : "mt-0.5 size-4 text-ink-faint"}
      />
      <p className="min-w-0 flex-1 text-sm text-ink">
        {!data
          ? t("model.status.loading")
          : !data.available
            ? t("model.status.none")
            : data.source === "user"
              ? t("model.status.user", { model: data.defaultModel })
              : t("model.status.server", { model: data.defaultModel })}
      </p>
    </div>
  )
}

export function ProviderSettings() {
  const provider = useAiProvider()
  if (provider.isPending) return null
  // The form starts from what is saved (known by now) and then keeps what the user types.
  return <ProviderForm saved={provider.data ?? null} />
}

type Outcome =
  | { kind: "tested"; result: ProviderTestResult }
  | { kind: "done"; text: string }
  | { kind: "failed"; text: string; title?: string }

function ProviderForm({ saved }: { saved: AiProvider | null }) {
  const { t } = useTranslation("ai")
  const queryClient = useQueryClient()
  const [baseUrl, setBaseUrl] = useState(saved?.baseUrl ?? "")
  const [model, setModel] = useState(saved?.model ?? "")
  const [fastModel, setFastModel] = useState(saved?.fastModel ?? "")
  const [speechModel, setSpeechModel] = useState(saved?.speechModel ?? "")
  const [speechVoice, setSpeechVoice] = useState(saved?.speechVoice ?? "")
  const [apiKey, setApiKey] = useState("")
  const [problem, setProblem] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  const refresh = (next: AiProvider | null) => {
    queryClient.setQueryData(aiKeys.provider, next)
    void queryClient.invalidateQueries({ queryKey: aiKeys.config })
    void queryClient.invalidateQueries({ queryKey: aiKeys.usage })
  }
  const failed = (title?: string) => (error: unknown) =>
    setOutcome({ kind: "failed", text: providerErrorText(error), title })

  const save = useMutation({
    mutationFn: (key: string | null | undefined) =>
      saveAiProvider({
        baseUrl: baseUrl.trim(),
        model: model.trim(),
        fastModel: fastModel.trim() || null,
        speechModel: speechModel.trim() || null,
        speechVoice: speechVoice.trim() || null,
        apiKey: key,
      }),
    onSuccess: (next) => {
      refresh(next)
      setApiKey("")
      setOutcome({ kind: "done", text: t("provider.saved") })
    },
    onError: failed(),
  })
  const remove = useMutation({
    mutationFn: removeAiProvider,
    onSuccess: () => {
      refresh(null)
      setOutcome({ kind: "done", text: t("provider.removed") })
    },
    onError: failed(),
  })
  const test = useMutation({
    // With an address typed in, that endpoint is tried before it is saved; otherwise whatever answers now.
    mutationFn: () =>
      testAiProvider(
        baseUrl.trim()
          ? { baseUrl: baseUrl.trim(), model: model.trim() || undefined, apiKey: apiKey.trim() || undefined }
          : {},
      ),
    onSuccess: (result) => {
      setOutcome({ kind: "tested", result })
      void queryClient.invalidateQueries({ queryKey: aiKeys.usage })
    },
    onError: failed(t("provider.test_failed")),
  })
  const busy = save.isPending || remove.isPending || test.isPending

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = providerProblem({ baseUrl, model, speechModel, speechVoice })
    setProblem(found)
    setOutcome(null)
    if (!found) save.mutate(apiKey.trim() || undefined)
  }
  const runTest = () => {
    setOutcome(null)
    const found = baseUrl.trim() ? providerProblem({ baseUrl, model }) : null
    setProblem(found)
    if (!found) test.mutate()
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 px-4 py-3" data-testid="ai-provider-form">
      <div>
        <p className="text-sm font-medium text-ink">{t("provider.title")}</p>
        <p className="mt-0.5 text-xs leading-relaxed text-ink-soft">{t("provider.description")}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            label={t("provider.base_url")}
            hint={t("provider.base_url.hint")}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://api.openai.com/v1"
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
            data-testid="ai-provider-base-url"
          />
        </div>
        <TextField
          label={t("provider.model")}
          autoComplete="off"
          spellCheck={false}
          placeholder="gpt-4.1-mini"
          value={model}
          onChange={(event) => setModel(event.target.value)}
          data-testid="ai-provider-model"
        />
        <TextField
          label={t("provider.fast_model")}
          hint={t("provider.fast_model.hint")}
          autoComplete="off"
          spellCheck={false}
          placeholder="gpt-4.1-nano"
          value={fastModel}
          onChange={(event) => setFastModel(event.target.value)}
          data-testid="ai-provider-fast-model"
        />
        <TextField
          label={t("provider.speech_model")}
          hint={t("provider.speech_model.hint")}
          autoComplete="off"
          spellCheck={false}
          placeholder="tts-1"
          value={speechModel}
          onChange={(event) => setSpeechModel(event.target.value)}
          data-testid="ai-provider-speech-model"
        />
        <TextField
          label={t("provider.speech_voice")}
          hint={t("provider.speech_voice.hint")}
          autoComplete="off"
          spellCheck={false}
          placeholder="alloy"
          value={speechVoice}
          onChange={(event) => setSpeechVoice(event.target.value)}
          data-testid="ai-provider-speech-voice"
        />
        <div>
          <TextField
            label={t("provider.api_key")}
            hint={saved?.hasApiKey ? t("provider.api_key.saved") : t("provider.api_key.none")}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            placeholder={saved?.hasApiKey ? "••••••••" : ""}
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            data-testid="ai-provider-key"
          />
          {saved?.hasApiKey && (
            <div className="mt-1.5 flex flex-wrap items-center gap-2">
              <span
                className="inline-flex items-center gap-1 rounded-full bg-hover px-2 py-0.5 text-xs font-medium text-ink-soft"
                data-testid="ai-provider-key-saved"
              >
                <Icon name="check" className="size-3" />
                {t("provider.api_key.saved_badge")}
              </span>
              <button
                type="button"
                disabled={busy}
                onClick={() => save.mutate(null)}
                className="text-xs font-medium text-accent-strong underline underline-offset-2 disabled:opacity-60"
              >
                {t("provider.forget_key")}
              </button>
            </div>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" variant="primary" disabled={busy} data-testid="ai-provider-save">
          {t("provider.save")}
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={runTest} data-testid="ai-provider-test">
          {test.isPending ? (
            <Spinner className="size-3" label={t("provider.testing")} />
          ) : (
            <Icon name="refresh" className="size-3.5" />
          )}
          {test.isPending ? t("provider.testing") : t("provider.test")}
        </Button>
        {saved && (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => remove.mutate()}
            data-testid="ai-provider-remove"
          >
            <Icon name="trash" className="size-3.5" />
            {t("provider.remove")}
          </Button>
        )}
      </div>
      <div aria-live="polite" data-testid="ai-provider-outcome">
        {problem && (
          <p role="alert" className="text-xs text-red-700 dark:text-red-300">
            {t(problem as "provider.problem.model")}
          </p>
        )}
        {outcome?.kind === "tested" && (
          <p className="text-sm text-emerald-700 dark:text-emerald-300" data-testid="ai-provider-test-ok">
            {t("provider.test_ok", { model: outcome.result.model, ms: outcome.result.latencyMs })}
          </p>
        )}
        {outcome?.kind === "done" && <p className="text-sm text-ink-soft">{outcome.text}</p>}
        {outcome?.kind === "failed" && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="ai-provider-error">
            {outcome.title && <span className="font-medium">{outcome.title}: </span>}
            {outcome.text}
          </p>
        )}
      </div>
    </form>
  )
}
