// Settings: GET /settings (all tabs, or ?tab=a,b) answers plain {code, settings, updated}; PATCH /settings/:tab merges.
import { Hono } from "hono"
import { bodyLimit } from "hono/body-limit"
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { parse, queryOf, stringList } from "../http.ts"
import { getSettings, patchSettings, SETTINGS_TAB_MAX_BYTES } from "../services/settings.ts"
import { type AppEnv, userOf } from "./env.ts"

const getQuery = z.object({ tab: stringList.optional() })

// Stops an oversized body while it streams in, before it is buffered (the service checks the size again).
const limitBody = bodyLimit({
  maxSize: SETTINGS_TAB_MAX_BYTES,
  onError: (c) => c.json(new AppError(ErrorCode.SettingPayloadTooLarge).toBody(), 413),
})

export function settingsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => {
      const q = parse(getQuery, queryOf(c))
      const tabs = q.tab
        ?.flatMap((t) => t.split(","))
        .map((t) => t.trim())
        .filter(Boolean)
      return c.json({ code: 0, ...(await getSettings(deps, userOf(c), tabs)) })
    })
    .patch("/:tab", limitBody, async (c) => {
      await patchSettings(deps, userOf(c), c.req.param("tab"), await c.req.text())
      return c.json({ code: 0 })
    })
}
