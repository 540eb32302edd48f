// The SSRF guard: server-side fetches never reach loopback, private, link-local or metadata addresses unless the
// operator allows private networks (tests, and self-hosters reading feeds on their LAN).
import { lookup as dnsLookup, type LookupAddress } from "node:dns"
import { BlockList, isIP } from "node:net"

const blocked = new BlockList()
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, bits, "ipv4")
}
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, bits, "ipv6")
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked.check(address, "ipv4")
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
    if (mapped) return blocked.check(mapped[1]!, "ipv4")
    return blocked.check(address, "ipv6")
  }
  return true
}

export class BlockedAddressError extends Error {
  override name = "BlockedAddressError"
  constructor(host: string) {
    super(`Refused to connect to ${host}: private or loopback address`)
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** A dns.lookup replacement for undici's connector that refuses private answers after resolution. */
export function guardedLookup(hostname: string, options: object, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, [])
    const list = addresses as LookupAddress[]
    const bad = list.find((a) => isPrivateAddress(a.address))
    if (bad) return callback(new BlockedAddressError(hostname), [])
    if ((options as { all?: boolean }).all) return callback(null, list)
    callback(null, list[0]!.address, list[0]!.family)
  })
}

/** Checks a URL's host before connecting: literal IPs never go through DNS, so they are checked here. */
export function assertPublicHost(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, "")
  if (isIP(host) && isPrivateAddress(host)) throw new BlockedAddressError(host)
  if (host === "localhost" || host.endsWith(".localhost")) throw new BlockedAddressError(host)
}
