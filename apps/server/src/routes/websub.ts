// /websub/:callbackId: the callback hubs call (no session; the unguessable id and, for content, the HMAC signature
// authenticate them). GET answers intent verifications, POST receives pushed feed documents.
import { Hono } from "hono"
import type { Deps } from "../deps.ts"
import { receivePush, verifyIntent } from "../services/websub.ts"

export function websubRoutes(deps: Deps) {
  return new Hono()
    .get("/:callbackId", async (c) => {
      const challenge = await verifyIntent(deps, c.req.param("callbackId"), c.req.query())
      if (challenge === null) return c.text("Not found", 404)
      return c.text(challenge, 200)
    })
    .post("/:callbackId", async (c) => {
      const body = new Uint8Array(await c.req.arrayBuffer())
      const status = await receivePush(deps, c.req.param("callbackId"), body, {
        signature: c.req.header("x-hub-signature"),
        contentType: c.req.header("content-type"),
      })
      return c.body(null, status)
    })
}
