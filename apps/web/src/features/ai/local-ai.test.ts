import { describe, expect, it } from "vitest"
import type { Statement } from "../../db/local-store.ts"
import { openMigrated } from "../../db/migrate.ts"
import { fileHost, sqlite } from "../../db/test-host.ts"
import {
  loadSummarySql,
  loadTranslationsSql,
  saveSummarySql,
  saveTranslationSql,
  summaryFrom,
  translationsFrom,
} from "./local-ai.ts"

async function freshDb() {
  const db = openMigrated(fileHost(await sqlite())).db
  const run = (s: Statement) => db.all(s.sql, s.params)
  return { db, run }
}

describe("summaries in the local database", () => {
  it("keeps one row per entry and language, the content's and the readability text's summary side by side", async () => {
    const { db, run } = await freshDb()
    run(saveSummarySql("e1", "ja", "readabilityContent", "読みやすさの要約"))
    expect(summaryFrom(run(loadSummarySql("e1", "ja")), "content")).toBeUndefined()
    run(saveSummarySql("e1", "ja", "content", "要約"))
    run(saveSummarySql("e1", "en", "content", "A summary"))
    const rows = run(loadSummarySql("e1", "ja"))
    expect(summaryFrom(rows, "content")).toBe("要約")
    expect(summaryFrom(rows, "readabilityContent")).toBe("読みやすさの要約")
    expect(summaryFrom(run(loadSummarySql("e1", "en")), "content")).toBe("A summary")
    expect(summaryFrom(run(loadSummarySql("e2", "en")), "content")).toBeUndefined()
    expect(db.all("SELECT count(*) AS n FROM summaries")[0].n).toBe(2)
  })
})

describe("translations in the local database", () => {
  it("merges answers field by field and remembers the fields that needed no translation", async () => {
    const { run } = await freshDb()
    // The timeline asked for the title and description; only the title needed translating.
    run(saveTranslationSql("e1", "ja", ["title", "description"], { title: "題名" }))
    let known = translationsFrom(run(loadTranslationsSql(["e1", "e2"], "ja")))
    expect(known.get("e1")).toEqual({ data: { title: "題名" }, resolved: ["title", "description"] })
    expect(known.has("e2")).toBe(false)
    // Opening the entry asks for the content as well: the title stays.
    run(saveTranslationSql("e1", "ja", ["content"], { content: "<p>本文</p>" }))
    // Nothing needed translating for e2 at all (null answer).
    run(saveTranslationSql("e2", "ja", ["title"], null))
    known = translationsFrom(run(loadTranslationsSql(["e1", "e2"], "ja")))
    expect(known.get("e1")).toEqual({
      data: { title: "題名", content: "<p>本文</p>" },
      resolved: ["title", "description", "content"],
    })
    expect(known.get("e2")).toEqual({ data: {}, resolved: ["title"] })
    expect(translationsFrom(run(loadTranslationsSql(["e1"], "en"))).size).toBe(0)
  })
})
