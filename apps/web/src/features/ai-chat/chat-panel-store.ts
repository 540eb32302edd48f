// The AI panel's shell state, not a setting: whether it is open (until the user says, a fixed panel is open and a
// floating one closed), the conversation it shows, and text waiting to go into its input ("Ask AI" on a quote).
// Small and free of the chat's code, so the reader's first screen can carry it. The conversation's id is kept for
// the tab (sessionStorage), and so is whether the user opened or closed the panel: a reload shows it as they left it.
import { create } from "zustand"
import { randomId } from "../../lib/random-id.ts"

const CHAT_KEY = "tidings:ai-panel-chat"
const OPEN_KEY = "tidings:ai-panel-open"

interface ChatPanelState {
  /** null: the user has not opened or closed it yet, so the panel style decides. */
  open: boolean | null
  /** The conversation shown in the panel. */
  chatId: string
  /** The conversation exists only here so far (nothing sent): there is nothing stored to read. */
  fresh: boolean
  /** Text for the input, with a counter so the same quote asked twice lands twice. */
  draft: { text: string; seq: number } | null
  setOpen: (open: boolean) => void
  toggle: (openByDefault: boolean) => void
  newChat: () => void
  showChat: (chatId: string) => void
  started: (chatId: string) => void
  ask: (text: string) => void
  takeDraft: () => string | null
}

/** useChat's id, which the server takes as the session id (1 to 100 of [A-Za-z0-9_.:-]). */
export function newChatId(): string {
  return randomId()
}

function remembered(key: string): string | null {
  try {
    return sessionStorage.getItem(key)
  } catch {
    return null
  }
}

function remember(key: string, value: string | null) {
  try {
    if (value) sessionStorage.setItem(key, value)
    else sessionStorage.removeItem(key)
  } catch {
    // Storage refused (private mode): after a reload the panel starts over.
  }
}

const kept = remembered(CHAT_KEY)
const keptOpen = remembered(OPEN_KEY)

function opened(open: boolean) {
  remember(OPEN_KEY, String(open))
  return { open }
}

export const useChatPanelStore = create<ChatPanelState>()((set, get) => ({
  open: keptOpen === null ? null : keptOpen === "true",
  chatId: kept ?? newChatId(),
  fresh: !kept,
  draft: null,
  setOpen: (open) => set(opened(open)),
  toggle: (openByDefault) => set((state) => opened(!(state.open ?? openByDefault))),
  newChat: () => {
    remember(CHAT_KEY, null)
    set({ chatId: newChatId(), fresh: true })
  },
  showChat: (chatId) => {
    remember(CHAT_KEY, chatId)
    set({ chatId, fresh: false })
  },
  started: (chatId) => {
    if (get().chatId === chatId) {
      remember(CHAT_KEY, chatId)
      set({ fresh: false })
    }
  },
  ask: (text) => set((state) => ({ ...opened(true), draft: { text, seq: (state.draft?.seq ?? 0) + 1 } })),
  takeDraft: () => {
    const draft = get().draft
    if (draft) set({ draft: null })
    return draft?.text ?? null
  },
}))
