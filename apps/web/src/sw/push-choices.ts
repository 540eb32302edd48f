// The notification choices of settings › notifications as the service worker applies them to each push. They are
// this device's (a browser's permission is per device too), so the page keeps them in Cache Storage, which the
// worker can read when a push wakes it with no page open; the server says what each push is about (its kind).
// Plain code shared by the page and the worker.

export type PushKind = "entry" | "inbox" | "task" | "test"

export interface PushChoices {
  kinds: { newEntries: boolean; inboxEntries: boolean }
  /** Only while Tidings is not the visible tab: an open reader is told instead, and shows it in the page. */
  onlyWhenHidden: boolean
}

export const DEFAULT_PUSH_CHOICES: PushChoices = {
  kinds: { newEntries: true, inboxEntries: false },
  onlyWhenHidden: true,
}

export const PUSH_CHOICES_CACHE = "tidings-device"
export const PUSH_CHOICES_URL = "/__tidings/notification-choices.json"

/**
 * What to do with a push: show it as a system notification, hand it to the visible page, or drop it. Task results
 * and tests are always shown (asked for one by one); a push from an older server without a kind counts as an entry.
 */
export function pushAction(
  kind: PushKind | undefined,
  choices: PushChoices,
  pageVisible: boolean,
): "show" | "page" | "drop" {
  if (kind === "task" || kind === "test") return "show"
  const wanted = kind === "inbox" ? choices.kinds.inboxEntries : choices.kinds.newEntries
  if (!wanted) return "drop"
  return choices.onlyWhenHidden && pageVisible ? "page" : "show"
}

/** The stored choices over the defaults (a key missing or of the wrong type keeps its default). */
export function parsePushChoices(value: unknown): PushChoices {
  const raw = (value && typeof value === "object" ? value : {}) as Partial<PushChoices>
  const kinds = (raw.kinds && typeof raw.kinds === "object" ? raw.kinds : {}) as Partial<PushChoices["kinds"]>
  const flag = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback)
  return {
    kinds: {
      newEntries: flag(kinds.newEntries, DEFAULT_PUSH_CHOICES.kinds.newEntries),
      inboxEntries: flag(kinds.inboxEntries, DEFAULT_PUSH_CHOICES.kinds.inboxEntries),
    },
    onlyWhenHidden: flag(raw.onlyWhenHidden, DEFAULT_PUSH_CHOICES.onlyWhenHidden),
  }
}

export async function readPushChoices(): Promise<PushChoices> {
  try {
    const found = await (await caches.open(PUSH_CHOICES_CACHE)).match(PUSH_CHOICES_URL)
    return parsePushChoices(found ? await found.json() : undefined)
  } catch {
    return DEFAULT_PUSH_CHOICES
  }
}

export async function writePushChoices(choices: PushChoices): Promise<void> {
  if (typeof caches === "undefined") return
  const body = JSON.stringify({ kinds: choices.kinds, onlyWhenHidden: choices.onlyWhenHidden })
  await (await caches.open(PUSH_CHOICES_CACHE)).put(
    PUSH_CHOICES_URL,
    new Response(body, { headers: { "content-type": "application/json" } }),
  )
}

/** The message a visible page gets for a push it shows itself. */
export interface PushInPage {
  type: "TIDINGS_PUSH"
  title: string
  body: string
  url: string
}
