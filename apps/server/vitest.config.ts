import { defineConfig } from "vitest/config"
import { WORKERS } from "./test/support/worker-database.ts"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // A worker runs its files one after another in one process, keeping what it loaded (the embedded database's
    // compiled WebAssembly above all): the suite took 551 s with a process per file, 243 s so (PostgreSQL pass: 204 s
    // instead of 415–548). Files keep apart by their own servers, databases, users and loopback URLs; one that
    // changes something of the process (the HTTP dispatcher, console) puts it back in afterAll.
    isolate: false,
    // Several files at once (vitest's default on two cores is one). Embedded PGlite: every file has a database of its
    // own, and the work is CPU-bound: two. On PostgreSQL each worker has its own database
    // (test/support/worker-database.ts), and the files of one worker share it one at a time: a file's scheduler and
    // maintenance act on every row of the database.
    maxWorkers: process.env.TEST_DATABASE_URL ? WORKERS : 2,
  },
})
