// Messages between the page (client.ts) and the database worker (worker.ts).
import type { Row } from "./migrate.ts"

export type DbRequest =
  | { op: "open" }
  | { op: "query"; sql: string; params?: unknown[] }
  | { op: "transaction"; statements: { sql: string; params?: unknown[] }[] }
  | { op: "size" }
  | { op: "export" }
  | { op: "reset" }

export interface DbOpened {
  versions: string[]
  recreated: boolean
  /** Where the file lives: "opfs" persists, "memory" when this browser offers no OPFS to workers. */
  storage: "opfs" | "memory"
}

export type DbAnswer = Row[] | DbOpened | number | Uint8Array[] | null

export type DbMessage = { id: number } & DbRequest
export type DbReply = { id: number; ok: true; result: DbAnswer } | { id: number; ok: false; error: string }
