// The profile form's values and the checks the server makes on them (services/profiles.ts), run before saving so a
// mistake is pointed out beside its field rather than after a round trip.
import type { SessionUser } from "@tidings/shared"
import type { ProfileInput } from "../../api/account.ts"

/** The social links the public profile shape names (api-contract PublicUser.socialLinks). */
export const SOCIAL_NETWORKS = ["twitter", "github", "instagram", "facebook", "youtube"] as const

export interface ProfileValues {
  name: string
  image: string
  handle: string
  bio: string
  website: string
  social: Record<(typeof SOCIAL_NETWORKS)[number], string>
}

export type ProfileProblem = "name" | "image" | "handle" | "bio" | "website" | "social"

export function profileValuesOf(user: SessionUser): ProfileValues {
  const links = user.socialLinks ?? {}
  return {
    name: user.name ?? "",
    image: user.image ?? "",
    handle: user.handle ?? "",
    bio: user.bio ?? "",
    website: user.website ?? "",
    social: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, links[n] ?? ""])) as ProfileValues["social"],
  }
}

const isHttpUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** The fields that would be refused, in form order. */
export function profileProblems(values: ProfileValues): ProfileProblem[] {
  const problems: ProfileProblem[] = []
  if (!values.name.trim()) problems.push("name")
  if (values.image.trim() && !isHttpUrl(values.image.trim())) problems.push("image")
  if (values.handle.trim() && !/^[A-Za-z0-9_.-]{3,32}$/.test(values.handle.trim())) problems.push("handle")
  if (values.bio.trim().length > 500) problems.push("bio")
  if (values.website.trim() && !isHttpUrl(values.website.trim())) problems.push("website")
  if (Object.values(values.social).some((link) => link.trim().length > 256)) problems.push("social")
  return problems
}

const orNull = (value: string) => value.trim() || null

export function profileInputOf(values: ProfileValues): ProfileInput {
  const links = Object.entries(values.social).flatMap(([network, link]) =>
    link.trim() ? [[network, link.trim()]] : [],
  )
  return {
    name: values.name.trim(),
    image: orNull(values.image),
    handle: orNull(values.handle),
    bio: orNull(values.bio),
    website: orNull(values.website),
    socialLinks: links.length ? Object.fromEntries(links) : null,
  }
}
