import { generateKeyPairSync } from "node:crypto"
import { describe, expect, it } from "vitest"
import { vapidKeyBytes } from "./web-push.ts"

describe("the VAPID key", () => {
  it("turns the server's base64url key into the 65 bytes of a P-256 point", () => {
    const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" })
    const jwk = publicKey.export({ format: "jwk" })
    const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")])
    const bytes = vapidKeyBytes(point.toString("base64url"))
    expect(bytes.length).toBe(65)
    expect(Buffer.from(bytes).equals(point)).toBe(true)
  })
})
