// Typed translation keys: a missing English key is a compile error.
import "i18next"
import type actions from "./locales/en/actions.json"
import type admin from "./locales/en/admin.json"
import type ai from "./locales/en/ai.json"
import type aiChat from "./locales/en/ai-chat.json"
import type aiTasks from "./locales/en/ai-tasks.json"
import type aiTimeline from "./locales/en/ai-timeline.json"
import type analytics from "./locales/en/analytics.json"
import type app from "./locales/en/app.json"
import type auth from "./locales/en/auth.json"
import type common from "./locales/en/common.json"
import type discover from "./locales/en/discover.json"
import type errors from "./locales/en/errors.json"
import type guide from "./locales/en/guide.json"
import type integrations from "./locales/en/integrations.json"
import type lists from "./locales/en/lists.json"
import type mcp from "./locales/en/mcp.json"
import type profiles from "./locales/en/profiles.json"
import type settings from "./locales/en/settings.json"
import type speech from "./locales/en/speech.json"
import type subscriptions from "./locales/en/subscriptions.json"
import type views from "./locales/en/views.json"
import type wallet from "./locales/en/wallet.json"

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "app"
    keySeparator: false
    resources: {
      actions: typeof actions
      admin: typeof admin
      ai: typeof ai
      "ai-tasks": typeof aiTasks
      "ai-timeline": typeof aiTimeline
      "ai-chat": typeof aiChat
      analytics: typeof analytics
      app: typeof app
      auth: typeof auth
      common: typeof common
      discover: typeof discover
      errors: typeof errors
      integrations: typeof integrations
      guide: typeof guide
      lists: typeof lists
      mcp: typeof mcp
      profiles: typeof profiles
      views: typeof views
      wallet: typeof wallet
      settings: typeof settings
      speech: typeof speech
      subscriptions: typeof subscriptions
    }
  }
}
