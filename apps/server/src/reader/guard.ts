// The SSRF guard: server-side fetches (feeds, readability, RSSHub, webhooks) reach only public unicast addresses,
// unless the operator allows private networks (tests, and self-hosters reading feeds on their LAN). Ranges come
// from ipaddr.js's special-purpose registry rather than a hand list, which missed forms such as ::127.0.0.1.
import { lookup as dnsLookup, type LookupAddress } from "node:dns"
import { isIP } from "node:net"
import ipaddr from "ipaddr.js"

// IPv6 prefixes that carry an IPv4 address: the embedded address decides, so a NAT64 network (DNS64 answers in
// 64:ff9b::/96) still reaches public sites while 64:ff9b::127.0.0.1 does not reach loopback.
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96")
const NAT64_LOCAL = ipaddr.parseCIDR("64:ff9b:1::/48")
const SIX_TO_FOUR = ipaddr.parseCIDR("2002::/16")
// Global unicast as IANA allocates it; everything outside (IPv4-compatible ::/96 among them) is not the internet.
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3")
// RFC 6052 prefix lengths a local-use NAT64 prefix may have, each with its own place for the IPv4 bytes.
const RFC6052_LENGTHS = [48, 56, 64, 96]

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return !isPublicIpv4(ipaddr.IPv4.parse(address))
  if (family === 6) return !isPublicIpv6(parseIpv6(address))
  return true
}

function isPublicIpv4(address: ipaddr.IPv4): boolean {
  return address.range() === "unicast"
}

function isPublicIpv6(address: ipaddr.IPv6): boolean {
  const range = address.range()
  if (range === "ipv4Mapped") return isPublicIpv4(address.toIPv4Address())
  if (address.match(NAT64_WELL_KNOWN)) return isPublicIpv4(embeddedIpv4(address, 96))
  // The local-use prefix may embed at any RFC 6052 length: every reading must be public.
  if (address.match(NAT64_LOCAL)) return RFC6052_LENGTHS.every((bits) => isPublicIpv4(embeddedIpv4(address, bits)))
  if (address.match(SIX_TO_FOUR)) return isPublicIpv4(embeddedIpv4(address, 16))
  return range === "unicast" && address.match(GLOBAL_UNICAST)
}

/** The IPv4 address after a prefix of `bits` (RFC 6052 §2.2: bits 64–71 are the reserved "u" octet, skipped). */
function embeddedIpv4(address: ipaddr.IPv6, bits: number): ipaddr.IPv4 {
  const bytes = address.toByteArray()
  const v4: number[] = []
  for (let i = bits / 8; v4.length < 4; i++) if (i !== 8) v4.push(bytes[i]!)
  return new ipaddr.IPv4(v4)
}

/**
 * ipaddr.js reads a dotted tail as IPv4-mapped whatever precedes it (::127.0.0.1 would become ::ffff:127.0.0.1),
 * so the tail is rewritten as two hex groups first and the address is read exactly as a socket would use it.
 */
function parseIpv6(address: string): ipaddr.IPv6 {
  const text = address.replace(/%.*$/, "")
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (!dotted) return ipaddr.IPv6.parse(text)
  const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
  const hex = `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  return ipaddr.IPv6.parse(text.slice(0, dotted.index) + hex)
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
