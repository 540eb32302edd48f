// What a parsing thread does with one document, and the inline parser too, so both modes answer alike.
import { type PrepareOptions, prepareEntries } from "./entry-rows.ts"
import { parseFeedDocument } from "./parse.ts"
import type { IngestDocument } from "./parser.ts"
import type { ParsedFeed, ParseInput } from "./types.ts"

/** A document parsed, and with `prepare` its entries made rows for storing. */
export function parseDocument(bytes: Uint8Array, input: ParseInput): ParsedFeed
export function parseDocument(bytes: Uint8Array, input: ParseInput, prepare: PrepareOptions): IngestDocument
export function parseDocument(
  bytes: Uint8Array,
  input: ParseInput,
  prepare?: PrepareOptions,
): ParsedFeed | IngestDocument {
  const parsed = parseFeedDocument(bytes, input)
  if (!prepare) return parsed
  const { entries, ...feed } = parsed
  return { feed, entries: prepareEntries(entries, prepare) }
}
