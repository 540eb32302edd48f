// The AI's memory of a user (the SDK's ai.memory): facts and preferences the user keeps ("I read Japanese", "skip
// sports"), each with an importance (0–10), optional tags, source, metadata and expiry. Listed newest first in pages
// (nextBefore), expired ones left out. The chat reads the most important ones into its instructions (ai/chat).
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import {
  type AiMemoryRow,
  deleteAiMemory,
  insertAiMemory,
  listAiMemories,
  type MemoryFilter,
  recallAiMemories,
  updateAiMemory,
} from "../storage/ai-memories.ts"

export const MEMORY_PAGE_DEFAULT = 20
/** How many memories the chat's instructions carry. */
export const MEMORIES_IN_CHAT = 20

export interface MemoryInput {
  memory: string
  importance?: number
  tags?: string[] | null
  source?: string | null
  metadata?: Record<string, unknown> | null
  expiresAt?: Date | null
}

const wire = (row: AiMemoryRow) => row

export async function listMemories(deps: Deps, userId: string, f: MemoryFilter & { limit?: number }) {
  const limit = f.limit ?? MEMORY_PAGE_DEFAULT
  const rows = await listAiMemories(deps.db, userId, f, limit)
  return { data: rows.map(wire), nextBefore: rows.length === limit ? rows.at(-1)!.createdAt : undefined }
}

export async function createMemory(deps: Deps, userId: string, input: MemoryInput) {
  return wire(
    await insertAiMemory(deps.db, {
      id: newId(),
      userId,
      memory: input.memory,
      importance: input.importance ?? 5,
      tags: input.tags ?? null,
      source: input.source ?? null,
      metadata: input.metadata ?? null,
      expiresAt: input.expiresAt ?? null,
    }),
  )
}

export async function updateMemory(deps: Deps, userId: string, id: string, input: Partial<MemoryInput>) {
  const row = await updateAiMemory(deps.db, userId, id, input)
  if (!row) throw new AppError(ErrorCode.NotFound, { reason: "No such memory" })
  return wire(row)
}

export async function deleteMemory(deps: Deps, userId: string, id: string): Promise<void> {
  if (!(await deleteAiMemory(deps.db, userId, id))) throw new AppError(ErrorCode.NotFound, { reason: "No such memory" })
}

/** The lines the chat's instructions carry about the user, most important first. */
export function recallMemories(deps: Deps, userId: string): Promise<string[]> {
  return recallAiMemories(deps.db, userId, MEMORIES_IN_CHAT)
}
