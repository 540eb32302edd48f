// The SSRF guard's address classification, range by range, and a real fetch to an IPv4-compatible IPv6 literal.
import http from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { FeedFetchError, fetchDocument } from "../src/reader/fetch.ts"
import { isPrivateAddress } from "../src/reader/guard.ts"
import { postWebhook } from "../src/reader/webhook.ts"

// [address, why it is refused]
const refused: [string, string][] = [
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "this network"],
  ["10.0.0.8", "private"],
  ["172.16.5.4", "private"],
  ["192.168.1.1", "private"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["169.254.169.254", "link-local (cloud metadata)"],
  ["100.64.0.1", "CGNAT"],
  ["100.127.255.254", "CGNAT"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["240.0.0.1", "reserved"],
  ["192.0.0.8", "IETF protocol assignments"],
  ["192.0.2.10", "documentation"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.9", "documentation"],
  ["198.18.0.1", "benchmarking"],
  ["192.88.99.1", "6to4 relay anycast"],
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["::127.0.0.1", "IPv4-compatible loopback"],
  ["::7f00:1", "IPv4-compatible loopback, hex"],
  ["::8.8.8.8", "IPv4-compatible (deprecated)"],
  ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
  ["::ffff:7f00:1", "IPv4-mapped loopback, hex"],
  ["::ffff:10.0.0.1", "IPv4-mapped private"],
  ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
  ["64:ff9b::127.0.0.1", "NAT64 of loopback"],
  ["64:ff9b::a9fe:a9fe", "NAT64 of metadata"],
  ["64:ff9b:1:7f00:0:100::", "local-use NAT64 of loopback (/48)"],
  ["64:ff9b:1::7f00:1", "local-use NAT64 of loopback (/96)"],
  ["2002:7f00:1::1", "6to4 of loopback"],
  ["2002:c0a8:101::1", "6to4 of private"],
  ["2001::1", "Teredo"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
  ["2001:2::1", "benchmarking"],
  ["2001:db8::1", "documentation"],
  ["3fff::1", "documentation (2024)"],
  ["fe80::1", "link-local"],
  ["fe80::1%eth0", "link-local with zone"],
  ["fc00::1", "unique-local"],
  ["fd12:3456::1", "unique-local"],
  ["fec0::1", "site-local (deprecated)"],
  ["ff02::1", "multicast"],
  ["100::1", "discard"],
  ["5f00::1", "segment routing"],
  ["4000::1", "outside global unicast"],
]
const allowed = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.215.14",
  "172.32.0.1",
  "100.128.0.1",
  "::ffff:1.1.1.1",
  "64:ff9b::8.8.8.8",
  "2002:808:808::1",
  "2606:4700::1111",
  "2a00:1450:4001:82a::200e",
]

describe("isPrivateAddress", () => {
  it.each(refused)("refuses %s (%s)", (address) => {
    expect(isPrivateAddress(address)).toBe(true)
  })
  it.each(allowed)("allows %s", (address) => {
    expect(isPrivateAddress(address)).toBe(false)
  })
  it("refuses what is not an address", () => {
    expect(isPrivateAddress("example.com")).toBe(true)
  })
})

describe("a fetch to an IPv4-compatible IPv6 literal", () => {
  let server: http.Server
  let port: number
  let hits = 0
  beforeAll(async () => {
    server = http.createServer((_, res) => {
      hits++
      res.writeHead(200, { "content-type": "application/rss+xml" }).end("<rss/>")
    })
    await new Promise<void>((resolve) => server.listen(0, "::", resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it("is refused before connecting when private networks are not allowed", async () => {
    const options = { allowPrivate: false, timeoutMs: 2_000, maxBytes: 1024 }
    for (const host of ["[::127.0.0.1]", "[::7f00:1]", "[::ffff:127.0.0.1]", "[64:ff9b::127.0.0.1]"]) {
      const error = await fetchDocument(`http://${host}:${port}/feed.xml`, options).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(FeedFetchError)
      expect((error as Error).message).toMatch(/private or loopback/)
    }
    await expect(postWebhook(`http://[::127.0.0.1]:${port}/`, {}, { allowPrivate: false })).rejects.toThrow(/private/)
    expect(hits).toBe(0)
    // The same server answers when private networks are allowed, so the refusal above is the guard's.
    const ok = await fetchDocument(`http://[::ffff:127.0.0.1]:${port}/feed.xml`, { ...options, allowPrivate: true })
    expect(ok.status).toBe("ok")
    expect(hits).toBe(1)
  })
})
