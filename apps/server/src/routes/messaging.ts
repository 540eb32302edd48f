// Push registrations: GET, POST and DELETE /messaging (a JSON body on DELETE, as the SDK sends it).
import { Hono } from "hono"
import type { Deps } from "../deps.ts"
import { bodyOf } from "../http.ts"
import { listDevices, registerDevice, removeDevices } from "../services/messaging.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

export function messagingRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(ok(await listDevices(deps, userOf(c)))))
    .post("/", async (c) => {
      await registerDevice(deps, userOf(c), await bodyOf(c))
      return c.json({ code: 0 })
    })
    .delete("/", async (c) => {
      await removeDevices(deps, userOf(c), await bodyOf(c))
      return c.json({ code: 0 })
    })
}
