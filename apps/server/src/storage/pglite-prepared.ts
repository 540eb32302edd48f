// Named prepared statements for the embedded database. PGlite's `query` parses and plans every statement anew and
// crosses into WebAssembly six times per statement (parse, describe, bind, describe, execute, sync). On PGlite the
// database runs on the event loop, so that is the server's own time: with 200 readers, planning alone was a quarter
// of the database's time, and more than executing for the short statements (a timeline page planned in 5.0 s and ran
// in 3.1 s over 1,395 calls; pg_stat_statements with track_planning). A statement text seen a second time is
// therefore parsed once under a name and from then on only bound and executed, in one crossing; PostgreSQL keeps
// its plan as it does for any prepared statement (PostgreSQL itself gets the same through `executePrepared`).
import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite"
import { protocol, parse as protocolParse } from "@electric-sql/pglite"

/** A text is prepared the second time it is seen: a statement built once for a one-off never takes a slot. */
const PREPARE_ON_SIGHTING = 2
/** Statements kept prepared; the least recently used is closed past this (each holds a parse tree and a plan). */
const MAX_PREPARED = 200
/** Texts remembered while they wait for a second sighting. */
const MAX_SEEN = 2000
/** Statements that plan nothing or change the session: run as PGlite runs them. */
const UNPREPARED =
  /^\s*(analyze|vacuum|begin|start|commit|rollback|savepoint|release|set|reset|show|listen|unlisten|notify|lock|create|alter|drop|prepare|deallocate|discard|copy|checkpoint|explain)\b/i

interface Prepared {
  name: string
  types: number[]
}

const { serialize } = protocol

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.byteLength
  }
  return out
}

/**
 * Makes `client.query` (what drizzle calls outside transactions) use named prepared statements for repeated texts.
 * Statements inside a transaction go through PGlite's own path; the two never overlap, because this one takes the
 * same locks as `query` does (no statement of another caller can run inside it, nor it inside a transaction).
 */
export function usePreparedStatements(client: PGlite): void {
  const plainQuery = client.query.bind(client)
  const seen = new Map<string, number>()
  // Map order is use order: a hit moves its entry to the end, so the first entry is the least recently used.
  const prepared = new Map<string, Prepared>()
  let next = 0

  async function prepare(text: string): Promise<Prepared> {
    const name = `tp_${next++}`
    const { messages } = await client.execProtocol(
      concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]),
      { syncToFs: false },
    )
    const statement = { name, types: protocolParse.parseDescribeStatementResults(messages) }
    prepared.set(text, statement)
    if (prepared.size > MAX_PREPARED) {
      const [oldText, oldest] = prepared.entries().next().value as [string, Prepared]
      prepared.delete(oldText)
      await client.execProtocol(concat([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]), {
        syncToFs: false,
      })
    }
    return statement
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    await client._checkReady()
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        let statement = prepared.get(text)
        if (statement) {
          prepared.delete(text)
          prepared.set(text, statement)
        } else {
          statement = await prepare(text)
        }
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null
          const oid = statement.types[i]
          const serializer = options?.serializers?.[oid] ?? client.serializers[oid]
          return serializer ? serializer(param) : String(param)
        })
        // Bind, describe, execute and sync in one message: on an error PostgreSQL skips to the sync, so the
        // session is ready for the next statement when the error is thrown.
        const { messages } = await client.execProtocol(
          concat([
            serialize.bind({ statement: statement.name, values: values as string[] }),
            serialize.describe({ type: "P" }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        )
        await client.syncToFs()
        return protocolParse.parseResults(messages, client.parsers, options)[0] as Results<T>
      }),
    )
  }

  client.query = (<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob || UNPREPARED.test(text)) return plainQuery<T>(text, params, options)
    if (!prepared.has(text)) {
      const sightings = (seen.get(text) ?? 0) + 1
      if (sightings < PREPARE_ON_SIGHTING) {
        if (seen.size >= MAX_SEEN) seen.clear()
        seen.set(text, sightings)
        return plainQuery<T>(text, params, options)
      }
      seen.delete(text)
    }
    return run<T>(text, params ?? [], options)
  }) as PGlite["query"]
}
