// Ranking by meaning for the AI chat's search (AI_EMBEDDING_MODEL): the question and the candidate entries are
// embedded and ordered by cosine similarity, so "automobiles" finds the post about a new hatchback that shares no word
// with it. Server-wide only: a reader who set their own provider keeps their text with it, and gets the word
// ranking. Entry vectors are kept in a small in-memory LRU (Float32, ~6 KB each at 1536 dimensions): a chat asks about
// the same recent entries again and again, and a small box must not hold more.
import type { Deps } from "../deps.ts"
import { addAiUsage } from "../storage/ai.ts"
import { assertBudget, type Caller, dayOf } from "./complete.ts"
import { guardedFetch } from "./guarded-fetch.ts"
import { findProvider } from "./provider.ts"

/** Entry vectors kept between searches. */
export const EMBEDDING_CACHE_ENTRIES = 2000
/** Texts embedded per search at most (the question and the candidates). */
export const EMBEDDING_CANDIDATES = 120
/** Characters of an entry's text embedded: its title and the start of its text carry what it is about. */
const TEXT_CHARS = 1000

const cache = new Map<string, Float32Array>()

function remember(key: string, vector: Float32Array) {
  cache.delete(key)
  cache.set(key, vector)
  if (cache.size > EMBEDDING_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length && i < b.length; i++) {
    dot += a[i]! * b[i]!
    na += a[i]! * a[i]!
    nb += b[i]! * b[i]!
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0
}

export interface MeaningCandidate {
  id: string
  text: string
}

/** Whether a search for this user is ranked by meaning: the server's embedding model, and no provider of their own. */
export async function meaningAvailable(deps: Deps, userId: string): Promise<boolean> {
  const { AI_EMBEDDING_MODEL, AI_BASE_URL } = deps.config
  if (!AI_EMBEDDING_MODEL || !AI_BASE_URL) return false
  return (await findProvider(deps, userId, "fast"))?.source === "server"
}

/**
 * Each candidate's similarity to the query, or undefined when the embeddings could not be had (the caller keeps its
 * word ranking; the failure is logged without the endpoint's key). The tokens are recorded as "embedding" usage and
 * count against the role's daily budget like any call to the server's model.
 */
export async function similarities(
  deps: Deps,
  caller: Caller,
  query: string,
  candidates: readonly MeaningCandidate[],
): Promise<Map<string, number> | undefined> {
  const { AI_EMBEDDING_MODEL: model, AI_BASE_URL: baseUrl } = deps.config
  if (!model || !baseUrl) return undefined
  const list = candidates.slice(0, EMBEDDING_CANDIDATES - 1)
  const keyOf = (id: string) => `${model}\u0000${id}`
  const missing = list.filter((c) => !cache.has(keyOf(c.id)))
  try {
    await assertBudget(deps, caller)
    const [{ embedMany }, { createOpenAICompatible }] = await Promise.all([
      import("ai"),
      import("@ai-sdk/openai-compatible"),
    ])
    const provider = createOpenAICompatible({
      name: "server",
      baseURL: baseUrl.replace(/\/+$/, ""),
      apiKey: deps.config.AI_API_KEY,
      // The operator chose this endpoint, as for the server's chat model.
      fetch: guardedFetch({ allowPrivate: deps.config.ALLOW_PRIVATE_NETWORK, trustedOrigin: new URL(baseUrl).origin }),
    })
    const { embeddings, usage } = await embedMany({
      model: provider.embeddingModel(model),
      values: [query, ...missing.map((c) => c.text.slice(0, TEXT_CHARS))],
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(deps.config.AI_TIMEOUT_MS),
    })
    await addAiUsage(deps.db, {
      userId: caller.userId,
      day: dayOf(deps.now()),
      operation: "embedding",
      model,
      provider: "server",
      tokensIn: usage.tokens ?? 0,
      tokensOut: 0,
      at: deps.now(),
    })
    const [queryVector, ...vectors] = embeddings.map((e) => Float32Array.from(e))
    for (const [i, c] of missing.entries()) remember(keyOf(c.id), vectors[i]!)
    const scores = new Map<string, number>()
    for (const c of list) {
      const vector = cache.get(keyOf(c.id))
      if (vector && queryVector) scores.set(c.id, cosine(queryVector, vector))
    }
    return scores
  } catch (error) {
    deps.log.warn("embeddings unavailable; the chat's search keeps its word ranking", {
      error: error instanceof Error ? error.message : String(error),
    })
    return undefined
  }
}
