// POST /entries/tags/query: entries of the user's timeline by tag. Folo tags entries with schema.org categories and
// IPTC media topics by AI; this server has the categories each publisher gave its entries (RSS <category>, Atom
// <category term>, JSON Feed tags), and matches the requested tags of both kinds against them, ignoring case.
import { ENTRY_PAGE_DEFAULT_LIMIT, ENTRY_PAGE_MAX_LIMIT } from "@tidings/shared"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { entriesByTagsJson } from "../storage/entry-tags.ts"

export interface TagsQueryInput {
  tags: { schemaOrgCategories?: string[]; mediaTopics?: string[] }
  match?: "any" | "all"
  limit?: number
  /** The publishedAt of the last entry of the previous page (ISO), like the timeline's `publishedAfter`. */
  cursor?: Date
  feedId?: string
  withContent?: boolean
}

export async function entriesByTags(deps: Deps, userId: string, input: TagsQueryInput): Promise<string> {
  const tags = [...new Set([...(input.tags.schemaOrgCategories ?? []), ...(input.tags.mediaTopics ?? [])])]
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean)
  if (!tags.length) {
    throw new AppError(ErrorCode.InvalidParameter, {
      reason: "Give at least one tag in tags.schemaOrgCategories or tags.mediaTopics",
    })
  }
  const limit = Math.min(Math.max(input.limit ?? ENTRY_PAGE_DEFAULT_LIMIT, 1), ENTRY_PAGE_MAX_LIMIT)
  return entriesByTagsJson(
    deps.db,
    { userId, tags, all: input.match === "all", feedId: input.feedId, before: input.cursor },
    limit,
    input.withContent ?? false,
  )
}
