// The entry an AI call works on, found the way entry detail finds it: in the user's timeline or starred items, or
// among their inbox entries. Anything else, another user's inbox entry among them, is "entry not found".

import { TARGET_LANGUAGES, type TargetLanguage } from "../ai/language.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { findEntryForUser } from "../storage/entries.ts"
import { findInboxEntry } from "../storage/inboxes.ts"
import { listSettings } from "../storage/settings.ts"

export interface AiEntry {
  id: string
  title: string | null
  description: string | null
  content: string | null
  readabilityContent: string | null
  /** The entry's declared language, else its feed's. */
  language: string | null
  /** The view the user reads it in (Articles when it has none, e.g. an inbox entry). */
  view: number
  /** Base for relative URLs in translated HTML. */
  baseUrl: string
}

export async function findAiEntry(deps: Deps, userId: string, entryId: string): Promise<AiEntry> {
  const found = await findEntryForUser(deps.db, userId, entryId)
  if (found) {
    const { entry, feed } = found
    return {
      id: entry.id,
      title: entry.title,
      description: entry.description,
      content: entry.content,
      readabilityContent: entry.readabilityContent,
      language: entry.language ?? feed.language,
      view: found.view ?? 0,
      baseUrl: entry.url ?? feed.siteUrl ?? feed.url,
    }
  }
  const inbox = await findInboxEntry(deps.db, userId, entryId)
  if (!inbox) throw new AppError(ErrorCode.EntryNotFound)
  const { entry } = inbox
  return {
    id: entry.id,
    title: entry.title,
    description: entry.description,
    content: entry.content,
    readabilityContent: null,
    language: entry.language,
    view: 0,
    baseUrl: entry.url ?? "https://invalid.invalid/",
  }
}

/** The language a user reads in (settings › general), when the request names none; English otherwise. */
export async function preferredLanguage(deps: Deps, userId: string): Promise<TargetLanguage> {
  const [general] = await listSettings(deps.db, userId, ["general"])
  const chosen = general?.payload.actionLanguage ?? general?.payload.language
  return (TARGET_LANGUAGES as readonly unknown[]).includes(chosen) ? (chosen as TargetLanguage) : "en"
}
