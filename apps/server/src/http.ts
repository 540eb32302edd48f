// Request parsing shared by the route files: lenient about shapes the official clients send, strict about values.
import type { Context } from "hono"
import { z } from "zod"
import { AppError, ErrorCode } from "./errors.ts"

/** A boolean from JSON or from a query string ("true" / "false"; z.coerce.boolean would read "false" as true). */
export const boolish = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
])

/** An integer from JSON or a query string. */
export const intish = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
])

/**
 * An integer within [min, max], from JSON or a query string. Every numeric parameter goes through this, so a
 * negative page size or one that would read a whole table is refused (400, InvalidInput) before any work.
 */
export const intIn = (min: number, max: number) => intish.pipe(z.number().int().min(min).max(max))

/** Lists in a request are bounded: no call needs more, and PostgreSQL caps parameters per statement. */
export const MAX_LIST = 1000

export const stringList = z
  .union([z.string().min(1), z.array(z.string().min(1)).max(MAX_LIST)])
  .transform((v) => (Array.isArray(v) ? v : [v]))

/** Like stringList, but at least one value. */
/** One value or a list, with at least one value. */
export const nonEmptyList = stringList.pipe(z.array(z.string()).min(1))

export const view = intIn(0, 5)

/** Page sizes: the official client's default is 20 and its maximum 100. */
export const pageLimit = intIn(1, 100)

/** A point in time given as ISO text or epoch milliseconds (number or digits). */
export const instant = z.union([z.number(), z.string().min(1)]).transform((v, ctx) => {
  const date = typeof v === "number" || /^\d+$/.test(v) ? new Date(Number(v)) : new Date(v)
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: "custom", message: "Invalid date" })
    return z.NEVER
  }
  return date
})

export const id = z.string().min(1).max(64)

export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value)
  if (!result.success) {
    const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code }))
    throw new AppError(ErrorCode.InvalidInput, {
      data: issues,
      reason: issues.map((i) => `${i.path}: ${i.message}`).join("; "),
    })
  }
  return result.data
}

/** The query string with repeated keys as arrays and single keys as strings. */
export function queryOf(c: Context): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [key, values] of Object.entries(c.req.queries())) {
    if (values.some((v) => v.includes("\u0000"))) {
      throw new AppError(ErrorCode.InvalidInput, { reason: "Text may not contain NUL characters" })
    }
    const cleanKey = key.endsWith("[]") ? key.slice(0, -2) : key
    out[cleanKey] = values.length === 1 && !key.endsWith("[]") ? values[0]! : values
  }
  return out
}

/**
 * The JSON body; an empty body is an empty object, malformed JSON is invalid input. A body must be declared as
 * JSON: a text/plain POST is a "simple" request that browsers send cross-site without a CORS preflight.
 */
export async function bodyOf(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text()
  if (!text.trim()) return {}
  if (!/\bjson\b/i.test(c.req.header("content-type") ?? "")) {
    throw new AppError(ErrorCode.InvalidInput, { reason: "Send the body as JSON (Content-Type: application/json)" })
  }
  let value: unknown
  // PostgreSQL text cannot hold NUL; refusing it here keeps it out of every call at once.
  let nul = false
  try {
    value = JSON.parse(text, (key, v) => {
      if (key.includes("\u0000") || (typeof v === "string" && v.includes("\u0000"))) nul = true
      return v
    })
  } catch {
    // reported below
  }
  if (nul) throw new AppError(ErrorCode.InvalidInput, { reason: "Text may not contain NUL characters" })
  if (value && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>
  throw new AppError(ErrorCode.InvalidInput, { reason: "The request body must be a JSON object" })
}
