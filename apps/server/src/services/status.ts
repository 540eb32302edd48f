// Public configuration (GET /status/configs): the official StatusConfigs key set, filled from our configuration.
// Limits are those of the limited roles (trial, free, pre_pro_trial); features Tidings lacks are off or empty.
import { serverProvider } from "../ai/provider.ts"
import type { Config } from "../config.ts"

/** Webhooks one action rule may call; a constant until there is a config key for it. */
export const MAX_WEBHOOKS_PER_ACTION = 5

export function statusConfigs(config: Config, webPushPublicKey = "") {
  return {
    // Chat exists whatever the model: without one it answers code 5 with what to set, and a user may bring their own
    // in Settings › AI. AI_ENABLED (not an official key) says whether the server has a model of its own.
    AI_CHAT_ENABLED: true,
    AI_ENABLED: serverProvider(config) !== undefined,
    AI_SHORTCUTS: [] as { id: string; name: string; defaultPrompt: string; displayTargets: string[] }[],
    // Not official keys: where usage events go (unset: none are sent), whether new users get the guide, and where
    // the error page's issue link points (unset: the report is offered to copy).
    ANALYTICS_URL: config.ANALYTICS_URL ?? "",
    ANNOUNCEMENT: "",
    DAILY_CLAIM_AMOUNT: { trial: 0, normal: 0 },
    DAILY_POWER_PERCENTAGES: [] as number[],
    DAILY_POWER_SUPPLY: 0,
    IMPORTING_TITLE: "",
    // Not an official key: the web client shows inbox addresses as <handle>@INBOX_EMAIL_DOMAIN and has no other
    // way to learn the domain a self-hoster configured.
    INBOX_EMAIL_DOMAIN: config.INBOX_EMAIL_DOMAIN,
    INVITATION_ENABLED: config.INVITATION_LIMIT > 0,
    // Tidings caps codes per user in total rather than per period.
    INVITATION_INTERVAL_DAYS: 0,
    INVITATION_PRICE: 0,
    IS_RSS3_TESTNET: false,
    ISSUE_TRACKER_URL: config.ISSUE_TRACKER_URL ?? "",
    LEVEL_PERCENTAGES: [] as number[],
    // Empty strings: never equal to a client version, and falsy wherever the client tests for a link.
    MAS_IN_REVIEW_VERSION: "",
    MAX_ACTIONS: config.MAX_ACTIONS,
    MAX_INBOXES: config.TRIAL_MAX_INBOXES,
    MAX_LISTS: config.MAX_LISTS,
    MAX_SUBSCRIPTIONS: config.TRIAL_MAX_FEED_SUBSCRIPTIONS,
    MAX_TRIAL_USER_FEED_SUBSCRIPTION: config.TRIAL_MAX_FEED_SUBSCRIPTIONS,
    MAX_TRIAL_USER_LIST_SUBSCRIPTION: config.TRIAL_MAX_LIST_SUBSCRIPTIONS,
    MAX_WEBHOOKS_PER_ACTION,
    NEW_USER_GUIDE: config.NEW_USER_GUIDE,
    PAYMENT_ENABLED: false,
    PAYMENT_PLAN_LIST: [] as unknown[],
    PRODUCT_HUNT_VOTE_URL: "",
    REFERRAL_ENABLED: false,
    // Not an official key: the RSSHub page says which instance answers rsshub:// routes. Without credentials or a
    // query, which may hold an access key.
    RSSHUB_URL: publicInstanceUrl(config.RSSHUB_URL),
    REFERRAL_REQUIRED_INVITATIONS: 0,
    REFERRAL_RULE_LINK: "",
    STRIPE_PORTAL_LINK: "",
    TAX_POINT: "",
    // Not an official key: the VAPID public key browsers subscribe to web push with (made on the first start).
    WEB_PUSH_PUBLIC_KEY: webPushPublicKey,
  }
}

function publicInstanceUrl(value: string): string {
  const url = new URL(value)
  url.username = ""
  url.password = ""
  url.search = ""
  url.hash = ""
  return url.toString()
}
