import { SNOWFLAKE_EPOCH_MS, SNOWFLAKE_TIMESTAMP_BITS } from "./constants.ts"

const MIN_TIME = Date.UTC(2024, 0, 1)
const MAX_TIME = Date.UTC(2051, 0, 1)

/** The creation time embedded in a snowflake-style id, or undefined when the text is not one. */
export function snowflakeTime(id: string): number | undefined {
  if (!/^\d{13,19}$/.test(id)) return undefined
  const value = BigInt(id)
  if (value >> 63n) return undefined
  const time = Number(value >> BigInt(63 - SNOWFLAKE_TIMESTAMP_BITS)) + SNOWFLAKE_EPOCH_MS
  return time >= MIN_TIME && time < MAX_TIME ? time : undefined
}

/** Spec §3: 13-19 digits whose embedded timestamp falls in 2024-2050. */
export function isSnowflakeId(id: unknown): id is string {
  return typeof id === "string" && snowflakeTime(id) !== undefined
}
