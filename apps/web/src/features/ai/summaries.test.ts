// The summary loader's order (memory, local copy, network) and the spec's memory bound: at most 10 summaries, the
// least recently read dropped (client §4 "Reading caches").
import { describe, expect, it } from "vitest"
import { SUMMARIES_IN_MEMORY } from "../../db/rules.ts"
import { createSummaryLoader, type SummaryInput } from "./summaries.ts"

function loader() {
  const local = new Map<string, string>()
  const calls = { fetch: [] as string[], readLocal: [] as string[] }
  const load = createSummaryLoader({
    fetch: async (input) => {
      calls.fetch.push(input.id)
      return input.id === "short" ? null : `Summary of ${input.id}`
    },
    readLocal: async (id) => {
      calls.readLocal.push(id)
      return local.get(id)
    },
    saveLocal: async (id, _language, _target, summary) => {
      local.set(id, summary)
    },
  })
  const read = (id: string) => load({ id, language: "en", target: "content" } as SummaryInput)
  return { read, calls, local }
}

describe("loadSummary", () => {
  it("asks the network once, then answers from memory; a summary kept locally needs no network", async () => {
    const { read, calls, local } = loader()
    expect(await read("e1")).toBe("Summary of e1")
    expect(await read("e1")).toBe("Summary of e1")
    expect(calls.fetch).toEqual(["e1"])
    expect(calls.readLocal).toEqual(["e1"])
    expect(local.get("e1")).toBe("Summary of e1")
    // Too short to summarise: remembered as such, not stored.
    expect(await read("short")).toBeNull()
    expect(await read("short")).toBeNull()
    expect(calls.fetch).toEqual(["e1", "short"])
    expect(local.has("short")).toBe(false)
  })

  it("keeps 10 in memory and drops the least recently read, which then comes from the local copy", async () => {
    expect(SUMMARIES_IN_MEMORY).toBe(10)
    const { read, calls } = loader()
    for (let i = 1; i <= 10; i++) await read(`e${i}`)
    // e1 read again: now the most recent; e2 is the least recently read.
    await read("e1")
    await read("e11")
    calls.readLocal.length = 0
    await read("e1")
    await read("e11")
    for (let i = 3; i <= 10; i++) await read(`e${i}`)
    expect(calls.readLocal).toEqual([])
    await read("e2")
    expect(calls.readLocal).toEqual(["e2"])
    // From the local copy, not the network: it was fetched once.
    expect(calls.fetch.filter((id) => id === "e2")).toHaveLength(1)
  })
})
