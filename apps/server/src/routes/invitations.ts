// Invitations: how many more codes I may create, my codes, a new code, and using a code (which makes me pro).
import { Hono } from "hono"
import type { Deps } from "../deps.ts"
import { bodyOf } from "../http.ts"
import { createInvitation, invitationAllowance, listInvitations, useInvitation } from "../services/invitations.ts"
import { type AppEnv, ok, userOf } from "./env.ts"

export function invitationRoutes(deps: Deps) {
  return (
    new Hono<AppEnv>()
      .get("/limitation", async (c) => c.json(ok(await invitationAllowance(deps, c.get("session")))))
      .get("/", async (c) => c.json(ok(await listInvitations(deps, userOf(c)))))
      // The body may carry TOTPCode (official 2FA); Tidings has no second factor on this call, so it is ignored.
      .post("/new", async (c) => c.json(ok(await createInvitation(deps, c.get("session")))))
      .post("/use", async (c) => {
        // A missing or malformed code is an invalid invitation (1003) like any other, not a generic input error.
        await useInvitation(deps, c.get("session"), (await bodyOf(c)).code)
        return c.json(ok(null))
      })
  )
}
