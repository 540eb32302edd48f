import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Embedded PGlite: every file has a database of its own, so two files run at once (vitest's default on two
    // cores is one). On PostgreSQL the files share one database and keep apart only by running one at a time.
    maxWorkers: process.env.TEST_DATABASE_URL ? 1 : 2,
  },
})
