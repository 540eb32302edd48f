// The local database's schema (spec client §3 "Local database"), as numbered migrations. The journal is the order
// they run in; each tag must have its SQL here, or opening the database throws "Missing migration: <tag>".
// Beyond the spec's fields, feeds keep language and checked_at and entries keep summary, updated_at and view, so a
// row goes back to the wire shape the screens use without a network call. Lists and objects are JSON text; entry
// times are ms.

export const MIGRATION_JOURNAL = ["0000_initial"] as const

export const MIGRATION_SQL: Record<string, string> = {
  "0000_initial": `
CREATE TABLE feeds (
  id TEXT PRIMARY KEY NOT NULL,
  title TEXT,
  url TEXT NOT NULL,
  description TEXT,
  image TEXT,
  error_at TEXT,
  site_url TEXT,
  owner_user_id TEXT,
  error_message TEXT,
  subscription_count INTEGER,
  updates_per_week INTEGER,
  latest_entry_published_at TEXT,
  tip_user_ids TEXT,
  updated_at INTEGER,
  language TEXT,
  checked_at TEXT
);
CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY NOT NULL,
  feed_id TEXT,
  list_id TEXT,
  inbox_id TEXT,
  user_id TEXT NOT NULL,
  view INTEGER NOT NULL,
  is_private INTEGER NOT NULL,
  hide_from_timeline INTEGER,
  title TEXT,
  category TEXT,
  created_at TEXT,
  type TEXT NOT NULL
);
CREATE INDEX subscriptions_user_view ON subscriptions (user_id, view);
CREATE TABLE inboxes (
  id TEXT PRIMARY KEY NOT NULL,
  title TEXT,
  secret TEXT NOT NULL
);
CREATE TABLE lists (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT,
  title TEXT NOT NULL,
  feed_ids TEXT,
  description TEXT,
  view INTEGER NOT NULL,
  image TEXT,
  fee INTEGER,
  owner_user_id TEXT,
  subscription_count INTEGER,
  purchase_amount TEXT
);
CREATE TABLE unread (
  id TEXT PRIMARY KEY NOT NULL,
  count INTEGER NOT NULL
);
CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT,
  handle TEXT,
  name TEXT,
  image TEXT,
  is_me INTEGER,
  email_verified INTEGER,
  bio TEXT,
  website TEXT,
  social_links TEXT
);
CREATE TABLE entries (
  id TEXT PRIMARY KEY NOT NULL,
  title TEXT,
  url TEXT,
  content TEXT,
  readability_content TEXT,
  readability_updated_at INTEGER,
  description TEXT,
  guid TEXT NOT NULL,
  author TEXT,
  author_url TEXT,
  author_avatar TEXT,
  inserted_at INTEGER NOT NULL,
  published_at INTEGER NOT NULL,
  media TEXT,
  categories TEXT,
  attachments TEXT,
  extra TEXT,
  language TEXT,
  feed_id TEXT,
  inbox_handle TEXT,
  read INTEGER,
  sources TEXT,
  settings TEXT,
  summary TEXT,
  updated_at TEXT,
  view INTEGER
);
CREATE INDEX entries_feed_published ON entries (feed_id, published_at DESC);
CREATE INDEX entries_inbox_published ON entries (inbox_handle, published_at DESC);
CREATE INDEX entries_view_published ON entries (view, published_at DESC);
CREATE TABLE collections (
  entry_id TEXT PRIMARY KEY NOT NULL,
  feed_id TEXT,
  created_at TEXT,
  view INTEGER NOT NULL
);
CREATE TABLE summaries (
  entry_id TEXT NOT NULL,
  summary TEXT NOT NULL,
  readability_summary TEXT,
  created_at TEXT DEFAULT (CURRENT_TIMESTAMP),
  language TEXT
);
CREATE UNIQUE INDEX summaries_entry_language ON summaries (entry_id, language);
CREATE TABLE translations (
  entry_id TEXT NOT NULL,
  language TEXT NOT NULL,
  title TEXT,
  description TEXT,
  content TEXT,
  readability_content TEXT,
  created_at TEXT NOT NULL DEFAULT (CURRENT_TIMESTAMP)
);
CREATE UNIQUE INDEX translations_entry_language ON translations (entry_id, language);
CREATE TABLE images (
  url TEXT PRIMARY KEY NOT NULL,
  colors TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch() * 1000)
);
CREATE TABLE ai_chat_sessions (
  id TEXT PRIMARY KEY NOT NULL,
  title TEXT,
  created_at INTEGER,
  updated_at INTEGER
);
CREATE INDEX ai_chat_sessions_updated ON ai_chat_sessions (updated_at);
CREATE TABLE ai_chat_messages (
  id TEXT PRIMARY KEY NOT NULL,
  chat_id TEXT NOT NULL REFERENCES ai_chat_sessions (id) ON DELETE CASCADE,
  role TEXT NOT NULL,
  created_at INTEGER,
  metadata TEXT,
  status TEXT DEFAULT 'completed',
  finished_at INTEGER,
  message_parts TEXT
);
CREATE INDEX ai_chat_messages_chat_created ON ai_chat_messages (chat_id, created_at);
CREATE INDEX ai_chat_messages_status ON ai_chat_messages (status);
CREATE INDEX ai_chat_messages_chat_role ON ai_chat_messages (chat_id, role);
`,
}
