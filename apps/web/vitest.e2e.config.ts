// Browser tests: a real server child process and a real Chromium per file, so long time-outs. Each file has its own
// server, port and data folder, so two files run at once. The files that time the page (frame and first-row
// budgets, debounce windows, the local copy shown within 1 s, offline queues racing the network) run one at a time
// afterwards (vitest.e2e-serial.config.ts): a core shared with another browser would make them measure the machine.
// So does the AI chat's, whose entry view waits on the model stand-in's summary and translation before the panel
// steps (under a second browser these once took over 30 s).
import { defineConfig } from "vitest/config"

export const e2eTest = {
  environment: "node",
  testTimeout: 180_000,
  hookTimeout: 240_000,
  pool: "forks",
  globalSetup: "e2e/support/global-setup.ts",
  // A poll waits for what the page will show; a budget is measured apart (views-perf, local-database). Under CI's
  // load (two browsers and servers on two cores) a write's answer took over the default 1 s (shell: m, then the
  // server asked whether the entry is unread), so polls wait up to 10 s before failing.
  expect: { poll: { timeout: 10_000 } },
} as const

export const timedFiles = [
  "e2e/views-perf.e2e.test.ts",
  "e2e/local-database.e2e.test.ts",
  "e2e/settings-sync.e2e.test.ts",
  "e2e/offline-writes.e2e.test.ts",
  "e2e/offline-app.e2e.test.ts",
  "e2e/ai-chat.e2e.test.ts",
]

export default defineConfig({
  test: {
    ...e2eTest,
    include: ["e2e/**/*.e2e.test.ts"],
    exclude: timedFiles,
    maxWorkers: 2,
  },
})
