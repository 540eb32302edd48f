// Snowflake-style ids (spec §3): 41 bits of milliseconds since the spec's epoch, 10 bits of worker, 12 of sequence.
import { randomInt } from "node:crypto"
import { SNOWFLAKE_EPOCH_MS } from "@tidings/shared"

// A random worker number per process keeps ids from several processes apart without coordination.
const worker = BigInt(randomInt(1024))
let lastMs = 0
let sequence = 0

export function newId(now: number = Date.now()): string {
  let ms = Math.max(now, lastMs)
  if (ms === lastMs) {
    sequence = (sequence + 1) & 0xfff
    // The sequence wrapped within one millisecond: borrow the next one rather than repeat an id.
    if (sequence === 0) ms = lastMs + 1
  } else {
    sequence = 0
  }
  lastMs = ms
  return ((BigInt(ms - SNOWFLAKE_EPOCH_MS) << 22n) | (worker << 12n) | BigInt(sequence)).toString()
}

export function newIds(count: number): string[] {
  return Array.from({ length: count }, () => newId())
}
