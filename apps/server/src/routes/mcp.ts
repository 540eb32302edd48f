// /mcp: the user's MCP services and their tools (services/mcp.ts). Create and update answer the bare
// {code, connectionId} the SDK's types describe; create answers code 1 with `authorizationUrl` for a service behind
// OAuth, whose authorization server sends the user's browser back to GET /mcp/oauth/callback (with the session
// cookie, so the state must also be this user's), which redirects to Settings › AI once the tokens are stored.
import { Hono } from "hono"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError } from "../errors.ts"
import { bodyOf, id, parse, queryOf } from "../http.ts"
import {
  connectionTools,
  createConnection,
  finishOAuth,
  listConnections,
  refreshTools,
  removeConnection,
  updateConnection,
} from "../services/mcp.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

const refreshInput = z.object({ connectionIds: z.array(id).min(1).max(100).optional() })
const callbackInput = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
})

export function mcpRoutes(deps: Deps) {
  const connectionId = (c: { req: { param: (name: "connectionId") => string } }) =>
    parse(id, c.req.param("connectionId"))
  return new Hono<AppEnv>()
    .get("/connections", async (c) => c.json(ok(await listConnections(deps, userOf(c)))))
    .post("/connections", async (c) => c.json(await createConnection(deps, userOf(c), await bodyOf(c))))
    .put("/connections/:connectionId", async (c) =>
      c.json(await updateConnection(deps, userOf(c), connectionId(c), await bodyOf(c))),
    )
    .delete("/connections/:connectionId", async (c) => {
      await removeConnection(deps, userOf(c), connectionId(c))
      return c.json(ok(null))
    })
    .get("/connections/:connectionId/tools", async (c) =>
      c.json(ok(await connectionTools(deps, userOf(c), connectionId(c)))),
    )
    .post("/tools/refresh", async (c) => {
      const { connectionIds } = parse(refreshInput, await bodyOf(c))
      return c.json(ok(await refreshTools(deps, userOf(c), connectionIds)))
    })
    .get("/oauth/callback", async (c) => {
      const back = new URL("/settings/ai", deps.config.BASE_URL)
      try {
        const { connectionId: done } = await finishOAuth(deps, userOf(c), parse(callbackInput, queryOf(c)))
        back.searchParams.set("mcpConnected", done)
      } catch (error) {
        // A browser sent here by the authorization server gets the settings page saying what failed, not JSON.
        const browser = c.req.header("sec-fetch-mode") === "navigate" || /text\/html/.test(c.req.header("accept") ?? "")
        if (!(error instanceof AppError) || !browser) throw error
        back.searchParams.set("mcpError", String(error.code))
      }
      return c.redirect(back.href, 302)
    })
}
