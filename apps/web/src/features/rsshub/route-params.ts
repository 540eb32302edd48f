// An RSSHub route's path ("/issue/:user/:repo/:state?") as a form: its parameters (required or optional, with the
// description the catalogue gives and the value its example uses) and the rsshub:// URL built from filled values.

export interface RouteParam {
  name: string
  optional: boolean
  description: string
  /** The value the route's example uses here, shown as a placeholder. */
  example: string
  /** Options the catalogue offers, when it lists them. */
  options: { value: string; label: string }[]
}

const PARAM = /^:(\w+)(\{[^}]*\})?(\?)?$/

function describe(raw: unknown): Pick<RouteParam, "description" | "options"> {
  if (typeof raw === "string") return { description: raw, options: [] }
  if (raw && typeof raw === "object") {
    const meta = raw as { description?: unknown; options?: unknown }
    const options = Array.isArray(meta.options)
      ? meta.options.flatMap((o: { value?: unknown; label?: unknown }) =>
          typeof o?.value === "string" ? [{ value: o.value, label: String(o.label ?? o.value) }] : [],
        )
      : []
    return { description: typeof meta.description === "string" ? meta.description : "", options }
  }
  return { description: "", options: [] }
}

/** The example's path without the namespace, e.g. "/github/issue/a/b" under "github" gives ["issue", "a", "b"]. */
function exampleSegments(namespace: string, example: string | undefined): string[] {
  const segments = (example ?? "").split("?")[0].split("/").filter(Boolean)
  return segments[0] === namespace ? segments.slice(1) : segments
}

export function routeParams(
  namespace: string,
  route: { path: string; example?: string; parameters?: Record<string, unknown> },
): RouteParam[] {
  const examples = exampleSegments(namespace, route.example)
  return route.path
    .split("/")
    .filter(Boolean)
    .flatMap((segment, index) => {
      const match = PARAM.exec(segment)
      if (!match) return []
      const [, name, , optional] = match
      return [
        { name, optional: Boolean(optional), example: examples[index] ?? "", ...describe(route.parameters?.[name]) },
      ]
    })
}

export type BuildResult = { url: string } | { missing: string } | { gapBefore: string }

/**
 * The rsshub:// URL for the values, or what stops it: a required value missing, or an optional one filled after an
 * empty one (the path cannot skip a segment).
 */
export function buildRouteUrl(namespace: string, path: string, values: Record<string, string>): BuildResult {
  const parts: string[] = [namespace]
  let skipped: string | undefined
  for (const segment of path.split("/").filter(Boolean)) {
    const match = PARAM.exec(segment)
    if (!match) {
      parts.push(segment)
      continue
    }
    const [, name, , optional] = match
    const value = (values[name] ?? "").trim()
    if (!value) {
      if (!optional) return { missing: name }
      skipped ??= name
      continue
    }
    if (skipped) return { gapBefore: skipped }
    parts.push(encodeURIComponent(value))
  }
  return { url: `rsshub://${parts.join("/")}` }
}
