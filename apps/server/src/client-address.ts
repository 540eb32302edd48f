// The address a request comes from: the socket's peer, or, behind proxies that TRUST_PROXY names, the address they
// report in X-Forwarded-For. Anyone can send that header, so it counts only as far as the configured trust reaches.
import { BlockList, isIP } from "node:net"
import type { Context } from "hono"
import type { TrustProxy } from "./config.ts"

/** The request header better-auth reads the resolved address from; a client's own copy is always replaced. */
export const CLIENT_ADDRESS_HEADER = "x-tidings-client-address"

function normalize(address: string | undefined): string | undefined {
  const value = address?.trim().replace(/^\[|\]$/g, "")
  if (!value || !isIP(value)) return undefined
  // A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d.
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(value) ? value.slice(7) : value.toLowerCase()
}

function proxyList(entries: string[]): BlockList {
  const list = new BlockList()
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/")
    const family = isIP(address) === 6 ? "ipv6" : "ipv4"
    if (!isIP(address)) continue
    if (prefix === undefined) list.addAddress(address, family)
    else list.addSubnet(address, Number(prefix), family)
  }
  return list
}

const lists = new WeakMap<string[], BlockList>()

/**
 * The client's address. The chain is X-Forwarded-For's entries followed by the socket's peer, nearest last:
 * `true` takes the first entry, a number n skips n trusted hops from the end, a list skips the hops it contains.
 */
export function resolveClientAddress(
  socket: string | undefined,
  forwardedFor: string | undefined,
  trust: TrustProxy,
): string | undefined {
  const peer = normalize(socket)
  if (trust === false || !forwardedFor) return peer
  const chain = [...forwardedFor.split(",").map(normalize), peer]
  let picked: string | undefined
  if (trust === true) picked = chain[0]
  else if (typeof trust === "number") picked = chain[Math.max(0, chain.length - 1 - trust)]
  else {
    const list = lists.get(trust) ?? proxyList(trust)
    lists.set(trust, list)
    let i = chain.length - 1
    while (i > 0 && chain[i] && list.check(chain[i]!, isIP(chain[i]!) === 6 ? "ipv6" : "ipv4")) i--
    picked = chain[i]
  }
  // A malformed entry where the client should be: the nearest address we know is real is the peer.
  return picked ?? peer
}

/** The client's address for a Hono request served by @hono/node-server; undefined without a socket. */
export function clientAddressOf(c: Context, trust: TrustProxy): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return resolveClientAddress(env?.incoming?.socket?.remoteAddress, c.req.header("x-forwarded-for"), trust)
}

/** The request with the resolved client address in CLIENT_ADDRESS_HEADER (a copy sent by the client is dropped). */
export function withClientAddress(c: Context, trust: TrustProxy): Request {
  const headers = new Headers(c.req.raw.headers)
  headers.delete(CLIENT_ADDRESS_HEADER)
  const address = clientAddressOf(c, trust)
  if (address) headers.set(CLIENT_ADDRESS_HEADER, address)
  return new Request(c.req.raw, { headers })
}
