// Own RSSHub instances (the /rsshub call group): a user adds the URL of an instance (with its access key, if it has
// one), chooses the one their rsshub:// feeds are fetched from, and probes it. An admin's instances are shared with
// every user. Feed fetches try the instances in the order rsshubTargets gives, failing over on errors.
import { decryptSecret, encryptSecret } from "../ai/crypto.ts"
import { secretOf } from "../ai/provider.ts"
import type { Deps } from "../deps.ts"
import { AppError, ErrorCode } from "../errors.ts"
import { newId } from "../ids.ts"
import { FeedFetchError, fetchDocument } from "../reader/fetch.ts"
import { assertPublicHost } from "../reader/guard.ts"
import { fetchUrlFor } from "../reader/rsshub.ts"
import {
  clearUsage,
  countOtherUsers,
  countOwnInstances,
  deleteInstance,
  findOwnInstanceByUrl,
  findUsage,
  findVisibleInstance,
  insertInstance,
  instancesForFeed,
  listVisibleInstances,
  type RsshubInstanceRow,
  setUsage,
  updateInstance,
} from "../storage/rsshub.ts"
import type { SessionInfo } from "./session.ts"

/** Enough for a primary and a few backups; a longer list is a sign of something else. */
export const MAX_OWN_INSTANCES = 10
const PROBE_TIMEOUT_MS = 10_000

const secretOwner = (id: string) => `rsshub:${id}`
const iso = (d: Date | null) => d?.toISOString() ?? null

export interface InstanceInput {
  id?: string
  baseUrl: string
  accessKey?: string | null
  description?: string | null
  userLimit?: number | null
}

/** The instance's URL without trailing slashes, query or fragment; anything else is 13006. */
export function normalizeBaseUrl(deps: Deps, input: string): string {
  let url: URL
  try {
    url = new URL(input.trim())
  } catch {
    throw new AppError(ErrorCode.RSSHubConfigInvalid, {
      reason: "Enter the instance's full URL, e.g. https://rsshub.example.com",
    })
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) {
    throw new AppError(ErrorCode.RSSHubConfigInvalid, { reason: "The URL must start with http:// or https://" })
  }
  if (url.username || url.password) {
    throw new AppError(ErrorCode.RSSHubConfigInvalid, { reason: "Put the access key in its own field, not in the URL" })
  }
  if (!deps.config.ALLOW_PRIVATE_NETWORK) {
    try {
      assertPublicHost(url)
    } catch {
      throw new AppError(ErrorCode.RSSHubConfigInvalid, {
        reason: "A private or loopback address is allowed only when the server sets ALLOW_PRIVATE_NETWORK=true",
      })
    }
  }
  url.search = ""
  url.hash = ""
  return url.href.replace(/\/+$/, "")
}

/** The http(s) URL of a route (or any path) on an instance, with its access key as RSSHub expects it (?key=). */
export function instanceUrl(baseUrl: string, feedUrl: string, accessKey?: string | null): string {
  const url = new URL(fetchUrlFor(feedUrl, baseUrl))
  if (accessKey) url.searchParams.set("key", accessKey)
  return url.href
}

export interface ProbeResult {
  ok: boolean
  latencyMs: number
  error: string | null
}

/** Asks an instance for /healthz (RSSHub answers "ok"); an instance without it must answer its home page. */
export async function probeInstance(deps: Deps, baseUrl: string, accessKey?: string | null): Promise<ProbeResult> {
  const started = Date.now()
  const options = {
    allowPrivate: deps.config.ALLOW_PRIVATE_NETWORK,
    timeoutMs: Math.min(PROBE_TIMEOUT_MS, deps.config.FEED_FETCH_TIMEOUT_MS),
    maxBytes: 1024 * 1024,
    siteUrl: deps.config.BASE_URL,
    accept: "*/*",
  }
  try {
    try {
      await fetchDocument(instanceUrl(baseUrl, "rsshub://healthz", accessKey), options)
    } catch (error) {
      if (!(error instanceof FeedFetchError && error.httpStatus === 404)) throw error
      await fetchDocument(`${baseUrl}/`, options)
    }
    return { ok: true, latencyMs: Date.now() - started, error: null }
  } catch (error) {
    const message = error instanceof FeedFetchError ? error.message : "The instance did not answer"
    const refused = error instanceof FeedFetchError && (error.httpStatus === 401 || error.httpStatus === 403)
    return { ok: false, latencyMs: Date.now() - started, error: refused ? `${message}: access key refused` : message }
  }
}

async function sealKey(deps: Deps, id: string, key: string | null | undefined) {
  return key ? encryptSecret(await secretOf(deps), key, secretOwner(id)) : null
}

async function openKey(deps: Deps, id: string, sealed: string | null): Promise<string | null> {
  return sealed ? (decryptSecret(await secretOf(deps), sealed, secretOwner(id)) ?? null) : null
}

/** A visible instance, else 13003; with `own`, one the caller owns, else 13001. */
async function visibleInstance(deps: Deps, userId: string, id: string, own = false) {
  const found = await findVisibleInstance(deps.db, userId, id)
  if (!found) throw new AppError(ErrorCode.RSSHubNotFound)
  if (own && found.instance.ownerUserId !== userId) throw new AppError(ErrorCode.RSSHubNotOwner)
  return found
}

/** POST /rsshub: adds an instance (or, with `id` or a URL already added, changes it) once it answers a probe. */
export async function saveInstance(deps: Deps, session: SessionInfo, input: InstanceInput) {
  const userId = session.userId
  const baseUrl = normalizeBaseUrl(deps, input.baseUrl)
  const existing = input.id
    ? (await visibleInstance(deps, userId, input.id, true)).instance
    : await findOwnInstanceByUrl(deps.db, userId, baseUrl)
  if (!existing && (await countOwnInstances(deps.db, userId)) >= MAX_OWN_INSTANCES) {
    throw new AppError(ErrorCode.RSSHubUserLimitExceeded, {
      reason: `At most ${MAX_OWN_INSTANCES} instances each; delete one first`,
    })
  }
  // An unchanged key may be left out when editing; an empty string removes it.
  const accessKey =
    input.accessKey === undefined && existing
      ? await openKey(deps, existing.id, existing.accessKeyEncrypted)
      : input.accessKey || null
  const probe = await probeInstance(deps, baseUrl, accessKey)
  if (!probe.ok) throw new AppError(ErrorCode.RSSHubUnavailable, { reason: probe.error ?? undefined })
  const now = deps.now()
  const id = existing?.id ?? newId()
  const fields = {
    baseUrl,
    accessKeyEncrypted: await sealKey(deps, id, accessKey),
    description: input.description === undefined ? (existing?.description ?? null) : input.description || null,
    userLimit: input.userLimit === undefined ? (existing?.userLimit ?? null) : input.userLimit,
    errorAt: null,
    errorMessage: null,
    lastOkAt: now,
    updatedAt: now,
  }
  if (existing) await updateInstance(deps.db, id, fields)
  else
    await insertInstance(deps.db, {
      id,
      ownerUserId: userId,
      shared: session.role === "admin",
      createdAt: now,
      ...fields,
    })
  return { id }
}

/** GET /rsshub/list: the caller's instances and the shared ones, with who uses them. */
export async function listInstances(deps: Deps, userId: string) {
  const rows = await listVisibleInstances(deps.db, userId)
  return rows.map(({ instance, userCount, inUse, owner }) => {
    const mine = instance.ownerUserId === userId
    return {
      id: instance.id,
      ownerUserId: instance.ownerUserId,
      price: 0,
      userLimit: instance.userLimit,
      description: instance.description,
      errorMessage: instance.errorMessage,
      errorAt: iso(instance.errorAt),
      userCount: Number(userCount),
      owner: owner?.id ? owner : null,
      // Beyond the SDK's item: what the /rsshub screen shows.
      baseUrl: instance.baseUrl,
      hasAccessKey: Boolean(instance.accessKeyEncrypted),
      shared: instance.shared,
      mine,
      inUse: Boolean(inUse),
      lastOkAt: iso(instance.lastOkAt),
      createdAt: instance.createdAt.toISOString(),
    }
  })
}

/** GET /rsshub?id=: one instance; its access key only for its owner. */
export async function getInstance(deps: Deps, userId: string, id: string) {
  const { instance } = await visibleInstance(deps, userId, id)
  const mine = instance.ownerUserId === userId
  return { instance: await detailsOf(deps, instance, mine), purchase: null }
}

async function detailsOf(deps: Deps, row: RsshubInstanceRow, mine: boolean) {
  return {
    id: row.id,
    ownerUserId: row.ownerUserId,
    baseUrl: row.baseUrl,
    accessKey: mine ? await openKey(deps, row.id, row.accessKeyEncrypted) : null,
    price: 0,
    userLimit: row.userLimit,
    description: row.description,
    errorMessage: row.errorMessage,
    errorAt: iso(row.errorAt),
    shared: row.shared,
    lastOkAt: iso(row.lastOkAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** DELETE /rsshub: only by its owner (13001), and not while someone else uses it (13002). */
export async function removeInstance(deps: Deps, userId: string, id: string) {
  await visibleInstance(deps, userId, id, true)
  if ((await countOtherUsers(deps.db, id, userId)) > 0) throw new AppError(ErrorCode.RSSHubInUse)
  await deleteInstance(deps.db, id)
}

/** POST /rsshub/use: fetch my rsshub:// feeds from this instance (null: from the server's own again). */
export async function useInstance(deps: Deps, userId: string, id: string | null) {
  if (id === null) return clearUsage(deps.db, userId)
  const { instance } = await visibleInstance(deps, userId, id)
  if (instance.userLimit !== null && (await countOtherUsers(deps.db, id, userId)) >= instance.userLimit) {
    throw new AppError(ErrorCode.RSSHubUserLimitExceeded)
  }
  await setUsage(deps.db, userId, id, deps.now())
}

/** GET /rsshub/status: the caller's choice, and a probe of that instance (or of `id`) recorded on it. */
export async function instanceStatus(deps: Deps, userId: string, id?: string) {
  const usage = await findUsage(deps.db, userId)
  const target = id ?? usage?.rsshubId
  let probe: (ProbeResult & { id: string; checkedAt: string }) | null = null
  if (target) {
    const { instance } = await visibleInstance(deps, userId, target)
    const key = await openKey(deps, instance.id, instance.accessKeyEncrypted)
    const result = await probeInstance(deps, instance.baseUrl, key)
    const now = deps.now()
    await noteAnswer(deps, instance.id, result.ok ? null : (result.error ?? "unavailable"))
    probe = { id: instance.id, ...result, checkedAt: now.toISOString() }
  }
  return {
    usage: usage
      ? {
          userId: usage.userId,
          rsshubId: usage.rsshubId,
          expiresAt: null,
          createdAt: usage.createdAt.toISOString(),
          updatedAt: usage.updatedAt.toISOString(),
        }
      : undefined,
    purchase: null,
    instance: probe,
  }
}

/** Records how an own instance answered (a fetch or a probe): its error, or when it last answered well. */
export async function noteAnswer(deps: Deps, id: string, error: string | null) {
  const now = deps.now()
  await updateInstance(
    deps.db,
    id,
    error ? { errorAt: now, errorMessage: error } : { errorAt: null, errorMessage: null, lastOkAt: now },
  )
}

export interface RsshubTarget {
  /** The own instance's id; null for the server's RSSHUB_URL. */
  id: string | null
  baseUrl: string
  accessKey: string | null
}

/**
 * Where to fetch a feed's rsshub:// route from, in order: the instances its subscribers (and `userId`, subscribing
 * now) chose, the instances those people own, the shared ones, and the server's RSSHUB_URL. When nobody chose one,
 * the server's RSSHUB_URL comes first, as before own instances existed.
 */
export async function rsshubTargets(deps: Deps, feedId: string | null, userId: string | null): Promise<RsshubTarget[]> {
  const rows = await instancesForFeed(deps.db, feedId, userId)
  const own = await Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      baseUrl: r.baseUrl,
      accessKey: await openKey(deps, r.id, r.accessKeyEncrypted),
      chosen: r.chosen,
    })),
  )
  const server: RsshubTarget = { id: null, baseUrl: deps.config.RSSHUB_URL, accessKey: null }
  const strip = ({ chosen: _c, ...t }: (typeof own)[number]) => t
  const chosen = own.filter((t) => t.chosen).map(strip)
  const others = own.filter((t) => !t.chosen).map(strip)
  return chosen.length ? [...chosen, ...others, server] : [server, ...others]
}
