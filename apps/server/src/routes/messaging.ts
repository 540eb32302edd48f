// Push registrations: GET, POST and DELETE /messaging (a JSON body on DELETE, as the SDK sends it); GET
// /messaging/vapid-key (the key browsers subscribe with) and GET or POST /messaging/test (a push to the user's own devices).
import { Hono } from "hono"
import type { Deps } from "../deps.ts"
import { bodyOf, queryOf } from "../http.ts"
import {
  listDevices,
  pushPublicKey,
  registerDevice,
  removeDevices,
  sendTestNotification,
} from "../services/messaging.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

export function messagingRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => c.json(ok(await listDevices(deps, userOf(c)))))
      .post("/", async (c) => {
        await registerDevice(deps, userOf(c), await bodyOf(c))
        return c.json({ code: 0 })
      })
      .delete("/", async (c) => {
        await removeDevices(deps, userOf(c), await bodyOf(c))
        return c.json({ code: 0 })
      })
      .get("/vapid-key", async (c) => c.json(ok({ publicKey: await pushPublicKey(deps) })))
      // The SDK's testNotification is GET /test?channel=; the web client POSTs a body.
      .get("/test", async (c) => c.json(ok(await sendTestNotification(deps, userOf(c), queryOf(c)))))
      .post("/test", async (c) => c.json(ok(await sendTestNotification(deps, userOf(c), await bodyOf(c)))))
  )
}
