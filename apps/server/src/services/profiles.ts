// Public profiles (GET /profiles, POST /profiles/batch), and the rules for the profile fields a user edits through
// better-auth's update-user: handle, bio, website, socialLinks.
import { z } from "zod"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import type { DB } from "../storage/db.ts"
import {
  claimHandle,
  findProfileByHandle,
  findProfileById,
  findProfilesByIds,
  isHandleTaken,
  type ProfileRow,
} from "../storage/profiles.ts"

/** Ids one batch call may ask for; the client batches what it needs over 100 ms, far fewer in practice. */
export const PROFILE_BATCH_MAX = 200

export type Profile = ProfileRow

export async function getProfile(deps: Deps, by: { id?: string; handle?: string }): Promise<Profile> {
  const row = by.id ? await findProfileById(deps.db, by.id) : await findProfileByHandle(deps.db, by.handle ?? "")
  if (!row) throw new AppError(ErrorCode.UserNotFound)
  return row
}

/** Profiles keyed by id; unknown ids are left out. */
export async function getProfiles(deps: Deps, ids: string[]): Promise<Record<string, Profile>> {
  const rows = await findProfilesByIds(deps.db, [...new Set(ids)])
  return Object.fromEntries(rows.map((row) => [row.id, row]))
}

// An empty text field clears it; a handle of "" must not count as a handle (the unique index would then allow one).
const blankToNull = (v: unknown) => (typeof v === "string" && !v.trim() ? null : v)
const text = (schema: z.ZodType<string>) => z.preprocess(blankToNull, schema.nullable()).optional()

const profileFields = z.object({
  handle: text(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{3,32}$/, "A handle is 3 to 32 letters, digits, '_', '-' or '.'"),
  ),
  bio: text(z.string().trim().max(500, "The bio is at most 500 characters")),
  website: text(
    z
      .string()
      .trim()
      .max(2048)
      .pipe(z.url({ protocol: /^https?$/, message: "The website must be an http(s) URL" })),
  ),
  socialLinks: z
    .record(z.string().max(32), z.string().max(256, "A social link is at most 256 characters"))
    .refine((links) => Object.keys(links).length <= 20, "At most 20 social links")
    .nullable()
    .optional(),
})

export type ProfileFields = z.infer<typeof profileFields>
export type ProfileCheck =
  | { ok: true; data: ProfileFields }
  | { ok: false; code: "INVALID_PROFILE_FIELD" | "HANDLE_TAKEN"; message: string }

/**
 * Checks the profile fields present in a sign-up or an account update. For an update (`userId` known) a new handle
 * is claimed at once, so the unique index settles a race between two accounts as HANDLE_TAKEN rather than a 500.
 */
export async function checkProfileFields(
  db: DB,
  input: Record<string, unknown>,
  userId?: string,
): Promise<ProfileCheck> {
  const given = Object.fromEntries(Object.keys(profileFields.shape).flatMap((k) => (k in input ? [[k, input[k]]] : [])))
  const parsed = profileFields.safeParse(given)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const message = issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message
    return { ok: false, code: "INVALID_PROFILE_FIELD", message }
  }
  const handle = parsed.data.handle
  const taken = handle && (userId ? !(await claimHandle(db, userId, handle)) : await isHandleTaken(db, handle))
  if (taken) return { ok: false, code: "HANDLE_TAKEN", message: `The handle "${handle}" is already taken` }
  return { ok: true, data: parsed.data }
}
