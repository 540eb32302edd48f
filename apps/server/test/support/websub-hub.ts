// A WebSub hub on loopback for the tests: takes (un)subscription requests, verifies the subscriber's intent with a
// challenge, and publishes content to verified subscribers with an HMAC signature.
import { createHmac, randomUUID } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"

export interface HubRequest {
  mode: string
  topic: string
  callback: string
  secret?: string
  leaseSeconds?: number
}

export interface HubSubscription {
  topic: string
  callback: string
  secret?: string
  leaseSeconds: number
}

export interface HubOptions {
  /** Answer subscription requests with this status instead of 202 (e.g. 500: a failing hub). */
  refuseWith?: number
  /** Send no verification at all (a hub that accepts and then never verifies). */
  silent?: boolean
  /** The lease granted (by default the one asked for, else 3600 s). */
  grantLeaseSeconds?: number
}

export interface LoopbackHub {
  url: string
  options: HubOptions
  requests: HubRequest[]
  /** Verification GETs sent: the callback's status and whether it echoed the challenge. */
  verifications: { mode: string; topic: string; status: number; echoed: boolean }[]
  /** Verified subscriptions, by callback. */
  subscriptions: Map<string, HubSubscription>
  /** POSTs `body` to every verified subscriber of `topic`; answers their statuses. */
  publish(
    topic: string,
    body: string,
    options?: { contentType?: string; secret?: string; algorithm?: string; unsigned?: boolean },
  ): Promise<number[]>
  /** Resolves when a verification for `mode` at a callback of `topic` has been answered with the challenge. */
  verified(topic: string, mode?: string, count?: number): Promise<void>
  close(): Promise<void>
}

export async function startHub(options: HubOptions = {}): Promise<LoopbackHub> {
  const requests: HubRequest[] = []
  const verifications: LoopbackHub["verifications"] = []
  const subscriptions = new Map<string, HubSubscription>()
  const waiters: (() => void)[] = []
  const notify = () => {
    for (const wake of waiters.splice(0)) wake()
  }

  async function verify(request: HubRequest) {
    const challenge = randomUUID()
    const url = new URL(request.callback)
    url.searchParams.set("hub.mode", request.mode)
    url.searchParams.set("hub.topic", request.topic)
    url.searchParams.set("hub.challenge", challenge)
    const lease = hub.options.grantLeaseSeconds ?? request.leaseSeconds ?? 3600
    if (request.mode === "subscribe") url.searchParams.set("hub.lease_seconds", String(lease))
    const res = await fetch(url)
    const echoed = res.status >= 200 && res.status < 300 && (await res.text()) === challenge
    verifications.push({ mode: request.mode, topic: request.topic, status: res.status, echoed })
    if (echoed && request.mode === "subscribe") {
      subscriptions.set(request.callback, { ...request, leaseSeconds: lease })
    }
    if (echoed && request.mode === "unsubscribe") subscriptions.delete(request.callback)
    notify()
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"))
      const request: HubRequest = {
        mode: form.get("hub.mode") ?? "",
        topic: form.get("hub.topic") ?? "",
        callback: form.get("hub.callback") ?? "",
        secret: form.get("hub.secret") ?? undefined,
        leaseSeconds: form.has("hub.lease_seconds") ? Number(form.get("hub.lease_seconds")) : undefined,
      }
      requests.push(request)
      notify()
      if (hub.options.refuseWith) {
        res.writeHead(hub.options.refuseWith, { "content-type": "text/plain" }).end("hub is broken")
        return
      }
      if (!request.topic || !request.callback || !["subscribe", "unsubscribe"].includes(request.mode)) {
        res.writeHead(400).end("bad request")
        return
      }
      // 202 Accepted first, verification afterwards: the asynchronous flow of the spec.
      res.writeHead(202).end()
      if (!hub.options.silent) setTimeout(() => void verify(request).catch(() => {}), 5)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const hub: LoopbackHub = {
    url: `${base}/hub`,
    options,
    requests,
    verifications,
    subscriptions,
    async publish(topic, body, publishOptions = {}) {
      const statuses: number[] = []
      for (const sub of subscriptions.values()) {
        if (sub.topic !== topic) continue
        const algorithm = publishOptions.algorithm ?? "sha256"
        const secret = publishOptions.secret ?? sub.secret ?? ""
        const signature = `${algorithm}=${createHmac(algorithm, secret).update(body).digest("hex")}`
        const res = await fetch(sub.callback, {
          method: "POST",
          headers: {
            "content-type": publishOptions.contentType ?? "application/atom+xml",
            ...(publishOptions.unsigned ? {} : { "x-hub-signature": signature }),
            link: `<${hub.url}>; rel="hub", <${topic}>; rel="self"`,
          },
          body,
        })
        await res.arrayBuffer()
        statuses.push(res.status)
      }
      return statuses
    },
    async verified(topic, mode = "subscribe", count = 1) {
      const deadline = Date.now() + 5000
      const done = () => verifications.filter((v) => v.topic === topic && v.mode === mode && v.echoed).length >= count
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`no ${mode} verification for ${topic}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return hub
}
