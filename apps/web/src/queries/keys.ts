// Query keys of the server state, one place so optimistic updates and invalidations hit the right caches.
import type { EntryFilter } from "./entry-filter.ts"

export const queryKeys = {
  session: ["session"] as const,
  subscriptions: ["subscriptions"] as const,
  /** The list and inbox subscriptions beside the feeds in settings › feeds. */
  subscriptionTargets: ["subscription-targets"] as const,
  /** The lists the user follows (palette, actions). */
  listSubscriptions: ["list-subscriptions"] as const,
  unread: ["unread"] as const,
  entriesRoot: ["entries"] as const,
  entries: (filter: EntryFilter) => ["entries", filter] as const,
  entry: (id: string) => ["entry", id] as const,
  inboxEntry: (id: string) => ["inbox-entry", id] as const,
  ownedLists: ["lists", "owned"] as const,
  list: (listId: string) => ["lists", "one", listId] as const,
  inboxes: ["inboxes"] as const,
  actions: ["actions"] as const,
  invitations: ["invitations"] as const,
  feedOutputs: ["feed-outputs"] as const,
  savedSearches: ["saved-searches"] as const,
  invitationAllowance: ["invitations", "allowance"] as const,
  walletRoot: ["wallet"] as const,
  wallet: ["wallet", "mine"] as const,
  walletClaim: ["wallet", "claim"] as const,
  walletTransactions: ["wallet", "transactions"] as const,
  walletRanking: ["wallet", "ranking"] as const,
  // Under the wallet's root: a claimed reward refreshes the balance and transactions with them.
  achievements: ["wallet", "achievements"] as const,
  airdrop: ["wallet", "airdrop"] as const,
  referrals: ["referrals"] as const,
  claimedFeeds: ["feed-claims"] as const,
  claimMessage: (feedId: string) => ["feed-claims", "message", feedId] as const,
  adminFlags: ["admin", "flags"] as const,
  adminFlagStats: (name: string) => ["admin", "flags", name] as const,
  adminMails: ["admin", "mails"] as const,
  adminAudits: ["admin", "achievement-audits"] as const,
  feedBoost: (feedId: string) => ["boosts", feedId] as const,
  accountSessions: ["account-sessions"] as const,
  appPasswords: ["app-passwords"] as const,
  inboxEmailDomain: ["status", "inbox-email-domain"] as const,
}

// Other readers' profiles (queries/profiles.ts) and the AI chat (features/ai-chat/chat-queries.ts) keep their keys here,
// so the local database can tell their data apart without loading those modules into the first screen.
export const profileKeys = {
  user: (id: string) => ["users", id] as const,
  handle: (handle: string) => ["users", "handle", handle.toLowerCase()] as const,
  subscriptions: (id: string) => ["users", id, "subscriptions"] as const,
  lists: (id: string) => ["users", id, "lists"] as const,
}

export const chatKeys = {
  root: ["ai-chat"] as const,
  sessions: ["ai-chat", "sessions"] as const,
  unread: ["ai-chat", "unread"] as const,
  messages: (chatId: string) => ["ai-chat", "messages", chatId] as const,
}
