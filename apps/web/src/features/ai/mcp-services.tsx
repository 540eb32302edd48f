// Settings › AI › MCP services: the user's MCP services as the server keeps them (GET /mcp/connections): name,
// transport, URL, tool count and state; add and edit (name, transport, URL, headers for a bearer token or custom
// auth) with the spec's messages; delete after a confirmation; refresh the tools; expand a service to see them. A
// service behind OAuth (the server answers code 1) opens its authorization page in a new tab and shows "waiting"
// until the server reports it connected (the list is asked again while one waits, and when the tab comes back).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { errorCatalogue } from "@tidings/shared"
import i18next from "i18next"
import { type FormEvent, useEffect, useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { ApiError } from "../../api/api-error.ts"
import {
  createMcpConnection,
  deleteMcpConnection,
  listMcpConnections,
  listMcpTools,
  type McpConnection,
  type McpConnectionInput,
  type McpSaveResult,
  type McpTransport,
  refreshMcpTools,
  updateMcpConnection,
} from "../../api/mcp.ts"
import { Button } from "../../components/ui/button.tsx"
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx"
import { SelectField, TextField } from "../../components/ui/field.tsx"
import { Icon } from "../../components/ui/icons.tsx"
import { Spinner } from "../../components/ui/spinner.tsx"
import { errorMessage } from "../../i18n/error-message.ts"
import { mcpServiceProblem } from "../settings/ai-validation.ts"

const mcpKeys = {
  list: ["mcp", "connections"] as const,
  tools: (id: string) => ["mcp", "tools", id] as const,
}
/** What the server answers for a stored header value; sent back unchanged, the value is kept. */
const MASKED = "********"
/** How often the list is asked again while a service waits for its authorization. */
const PENDING_POLL_MS = 3000

/** The server's words for a failed call: the catalogue message, and why when the server says. */
function failureText(error: unknown): string {
  const reason = error instanceof ApiError ? error.reason : undefined
  return reason ? `${errorMessage(error)}: ${reason}` : errorMessage(error)
}

export function McpServicesSection() {
  const { t } = useTranslation("mcp")
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const [adding, setAdding] = useState(false)
  const [authorizing, setAuthorizing] = useState<{ id: string; url: string } | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [oauthError, setOauthError] = useState<string | null>(null)
  const connections = useQuery({
    queryKey: mcpKeys.list,
    queryFn: ({ signal }) => listMcpConnections(signal),
    refetchInterval: (query) => (query.state.data?.some((c) => c.authorizationPending) ? PENDING_POLL_MS : false),
  })

  // Back from the authorization server: the callback redirected here with the service's id, or the failure's code.
  const connectedId = params.get("mcpConnected")
  const failedCode = params.get("mcpError")
  useEffect(() => {
    if (!connectedId && !failedCode) return
    if (connectedId) setNotice(t("oauth.connected"))
    if (failedCode && failedCode in errorCatalogue) setOauthError(i18next.t(`errors:${failedCode as "16003"}`))
    void queryClient.invalidateQueries({ queryKey: mcpKeys.list })
    setParams(
      (current) => {
        current.delete("mcpConnected")
        current.delete("mcpError")
        return current
      },
      { replace: true },
    )
  }, [connectedId, failedCode, queryClient, setParams, t])

  const waiting = authorizing && connections.data?.find((c) => c.id === authorizing.id)
  useEffect(() => {
    if (authorizing && waiting && !waiting.authorizationPending) {
      setAuthorizing(null)
      setNotice(waiting.isConnected ? t("oauth.connected") : null)
    }
  }, [authorizing, waiting, t])

  const saved = (result: McpSaveResult) => {
    void queryClient.invalidateQueries({ queryKey: mcpKeys.list })
    void queryClient.invalidateQueries({ queryKey: mcpKeys.tools(result.connectionId) })
    if (result.code === 1 && result.authorizationUrl) {
      setAuthorizing({ id: result.connectionId, url: result.authorizationUrl })
      window.open(result.authorizationUrl, "_blank", "noopener")
    }
  }

  return (
    <div className="flex flex-col" data-testid="mcp-services">
      <p className="px-4 pt-3 text-xs leading-relaxed text-ink-soft">{t("intro")}</p>
      {notice && (
        <p className="px-4 pt-2 text-sm text-emerald-700 dark:text-emerald-300" role="status">
          {notice}
        </p>
      )}
      {oauthError && (
        <p className="px-4 pt-2 text-sm text-red-700 dark:text-red-300" role="alert" data-testid="mcp-oauth-error">
          {oauthError}
        </p>
      )}
      {authorizing && (
        <div
          className="mx-4 mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-line bg-hover px-3 py-2 text-sm"
          role="status"
          data-testid="mcp-oauth-pending"
        >
          <Spinner className="size-3" label={t("oauth.waiting")} />
          <span className="min-w-0 flex-1">{t("oauth.waiting")}</span>
          <a
            href={authorizing.url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-accent-strong underline underline-offset-2"
          >
            {t("oauth.open_again")}
          </a>
        </div>
      )}
      {connections.isPending ? (
        <p className="px-4 py-3 text-sm text-ink-soft">{t("loading")}</p>
      ) : connections.isError ? (
        <p role="alert" className="px-4 py-3 text-sm text-red-700 dark:text-red-300">
          {failureText(connections.error)}
        </p>
      ) : connections.data.length === 0 ? (
        <p className="px-4 py-3 text-sm text-ink-soft" data-testid="mcp-empty">
          {t("none")}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-line border-y border-line">
          {connections.data.map((connection) => (
            <ServiceRow key={connection.id} connection={connection} onSaved={saved} />
          ))}
        </ul>
      )}
      {adding ? (
        <ServiceForm
          onCancel={() => setAdding(false)}
          onSaved={(result) => {
            setAdding(false)
            saved(result)
          }}
        />
      ) : (
        <div className="px-4 py-3">
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)} data-testid="mcp-add">
            <Icon name="plus" className="size-3.5" />
            {t("add")}
          </Button>
        </div>
      )}
    </div>
  )
}

function StatusBadge({ connection }: { connection: McpConnection }) {
  const { t } = useTranslation("mcp")
  const [label, tone] = connection.authorizationPending
    ? [t("status.authorizing"), "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"]
    : connection.isConnected
      ? [t("status.connected"), "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100"]
      : [t("status.error"), "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100"]
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}
      data-testid="mcp-status"
    >
      {label}
    </span>
  )
}

function ServiceRow({ connection, onSaved }: { connection: McpConnection; onSaved: (r: McpSaveResult) => void }) {
  const { t } = useTranslation("mcp")
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const toolsId = useId()
  const tools = useQuery({
    queryKey: mcpKeys.tools(connection.id),
    queryFn: ({ signal }) => listMcpTools(connection.id, signal),
    enabled: open,
  })
  const refresh = useMutation({
    mutationFn: () => refreshMcpTools([connection.id]),
    onSuccess: (result) => {
      const failed = result.results.find((r) => !r.success)
      setProblem(failed?.error ?? null)
      void queryClient.invalidateQueries({ queryKey: mcpKeys.list })
      void queryClient.invalidateQueries({ queryKey: mcpKeys.tools(connection.id) })
    },
    onError: (error) => setProblem(failureText(error)),
  })
  const remove = useMutation({
    mutationFn: () => deleteMcpConnection(connection.id),
    onSuccess: () => {
      queryClient.setQueryData<McpConnection[]>(mcpKeys.list, (list) => list?.filter((c) => c.id !== connection.id))
      void queryClient.invalidateQueries({ queryKey: mcpKeys.list })
    },
    onError: (error) => setProblem(failureText(error)),
  })
  const transport = connection.transportType === "sse" ? t("transport.sse") : t("transport.streamable-http")

  return (
    <li className="flex flex-col gap-2 px-4 py-3" data-testid="mcp-service" data-name={connection.name}>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <div className="min-w-0 flex-1 basis-56">
          <div className="flex min-w-0 items-center gap-2">
            <p className="truncate text-sm font-medium text-ink">{connection.name}</p>
            <StatusBadge connection={connection} />
          </div>
          <p className="mt-0.5 truncate text-xs text-ink-soft" title={connection.url}>
            {transport} · {connection.url}
          </p>
          <p className="mt-0.5 text-xs text-ink-faint" data-testid="mcp-tool-count">
            {t("tools.count", { count: connection.toolCount })}
            {connection.oauth ? ` · ${t("oauth.badge")}` : ""}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={open}
            aria-controls={toolsId}
            onClick={() => setOpen(!open)}
            data-testid="mcp-toggle-tools"
          >
            {open ? t("tools.hide") : t("tools.show")}
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={t("refresh", { name: connection.name })}
            title={t("refresh", { name: connection.name })}
            disabled={refresh.isPending || connection.authorizationPending}
            onClick={() => refresh.mutate()}
            data-testid="mcp-refresh"
          >
            {refresh.isPending ? (
              <Spinner className="size-3.5" label={t("refreshing")} />
            ) : (
              <Icon name="refresh" className="size-4" />
            )}
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={t("edit", { name: connection.name })}
            title={t("edit", { name: connection.name })}
            onClick={() => setEditing(!editing)}
            data-testid="mcp-edit"
          >
            <Icon name="pencil" className="size-4" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={t("delete", { name: connection.name })}
            title={t("delete", { name: connection.name })}
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
            data-testid="mcp-delete"
          >
            <Icon name="trash" className="size-4" />
          </Button>
        </div>
      </div>
      {connection.lastError && !connection.authorizationPending && (
        <p className="text-xs break-words text-red-700 dark:text-red-300" data-testid="mcp-last-error">
          {connection.lastError}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-xs break-words text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {open && (
        <div id={toolsId} className="rounded-lg border border-line bg-surface px-3 py-2" data-testid="mcp-tools">
          {tools.isPending ? (
            <p className="text-xs text-ink-soft">{t("tools.loading")}</p>
          ) : tools.isError ? (
            <p role="alert" className="text-xs text-red-700 dark:text-red-300">
              {failureText(tools.error)}
            </p>
          ) : tools.data.length === 0 ? (
            <p className="text-xs text-ink-soft">{t("tools.none")}</p>
          ) : (
            <ul className="flex flex-col gap-1.5">
              {tools.data.map((tool) => (
                <li key={tool.name} className="text-xs" data-testid="mcp-tool">
                  <code className="font-mono font-medium text-ink">{tool.name}</code>
                  {(tool.description || tool.title) && (
                    <span className="text-ink-soft"> — {tool.description ?? tool.title}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {editing && (
        <ServiceForm
          connection={connection}
          onCancel={() => setEditing(false)}
          onSaved={(result) => {
            setEditing(false)
            onSaved(result)
          }}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={t("delete.title", { name: connection.name })}
        description={t("delete.description")}
        confirmLabel={t("delete.confirm")}
        danger
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </li>
  )
}

interface HeaderRow {
  key: number
  name: string
  value: string
}

let headerKey = 0
const headerRows = (headers: Record<string, string> | undefined): HeaderRow[] =>
  Object.entries(headers ?? {}).map(([name, value]) => ({ key: ++headerKey, name, value }))

function ServiceForm(props: {
  connection?: McpConnection
  onCancel: () => void
  onSaved: (result: McpSaveResult) => void
}) {
  const { t } = useTranslation("mcp")
  const { t: tSettings } = useTranslation("settings")
  const existing = props.connection
  const [name, setName] = useState(existing?.name ?? "")
  const [transport, setTransport] = useState<McpTransport>(existing?.transportType ?? "streamable-http")
  const [url, setUrl] = useState(existing?.url ?? "")
  const [headers, setHeaders] = useState<HeaderRow[]>(headerRows(existing?.headers))
  const [problem, setProblem] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (input: McpConnectionInput) =>
      existing ? updateMcpConnection(existing.id, input) : createMcpConnection(input),
    onSuccess: props.onSaved,
    onError: (error) => setProblem(failureText(error)),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = mcpServiceProblem({ name, baseURL: url })
    if (found) {
      setProblem(tSettings(found as "ai.mcp.name_required"))
      return
    }
    const named = headers.filter((h) => h.name.trim())
    if (named.some((h) => !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(h.name.trim()))) {
      setProblem(t("headers.invalid"))
      return
    }
    setProblem(null)
    save.mutate({
      name: name.trim(),
      transportType: transport,
      url: url.trim(),
      headers: Object.fromEntries(named.map((h) => [h.name.trim(), h.value])),
    })
  }
  const setHeader = (key: number, change: Partial<HeaderRow>) =>
    setHeaders(headers.map((h) => (h.key === key ? { ...h, ...change } : h)))

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 border-t border-line px-4 py-3"
      data-testid="mcp-form"
      aria-label={existing ? t("edit", { name: existing.name }) : t("add")}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("field.name")}
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
          data-testid="mcp-name"
        />
        <SelectField
          label={t("field.transport")}
          value={transport}
          onChange={(event) => setTransport(event.target.value as McpTransport)}
          data-testid="mcp-transport"
        >
          <option value="streamable-http">{t("transport.streamable-http")}</option>
          <option value="sse">{t("transport.sse")}</option>
        </SelectField>
        <div className="sm:col-span-2">
          <TextField
            label={t("field.url")}
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://mcp.example.com/mcp"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            data-testid="mcp-url"
          />
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="text-xs font-medium text-ink-soft">{t("headers.title")}</legend>
        <p className="text-xs text-ink-faint">{t("headers.hint")}</p>
        {headers.map((header, index) => (
          <div key={header.key} className="flex items-end gap-2" data-testid="mcp-header">
            <div className="min-w-0 flex-1">
              <TextField
                label={t("headers.name", { n: index + 1 })}
                placeholder="Authorization"
                autoComplete="off"
                spellCheck={false}
                value={header.name}
                onChange={(event) => setHeader(header.key, { name: event.target.value })}
              />
            </div>
            <div className="min-w-0 flex-1">
              <TextField
                label={t("headers.value", { n: index + 1 })}
                placeholder="Bearer …"
                type={header.value === MASKED ? "password" : "text"}
                autoComplete="off"
                spellCheck={false}
                value={header.value}
                onChange={(event) => setHeader(header.key, { value: event.target.value })}
              />
            </div>
            <Button
              size="icon"
              variant="ghost"
              aria-label={t("headers.remove", { n: index + 1 })}
              title={t("headers.remove", { n: index + 1 })}
              onClick={() => setHeaders(headers.filter((h) => h.key !== header.key))}
            >
              <Icon name="x" className="size-4" />
            </Button>
          </div>
        ))}
        <div>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setHeaders([...headers, { key: ++headerKey, name: "", value: "" }])}
            data-testid="mcp-add-header"
          >
            <Icon name="plus" className="size-3.5" />
            {t("headers.add")}
          </Button>
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" variant="primary" disabled={save.isPending} data-testid="mcp-save">
          {save.isPending && <Spinner className="size-3" label={t("saving")} />}
          {save.isPending ? t("saving") : existing ? t("save") : t("connect")}
        </Button>
        <Button size="sm" variant="ghost" onClick={props.onCancel} disabled={save.isPending}>
          {t("cancel")}
        </Button>
      </div>
      <p role="alert" className="text-xs break-words text-red-700 dark:text-red-300" data-testid="mcp-form-problem">
        {problem ?? ""}
      </p>
    </form>
  )
}
