// Unit tests of the client's pure parts; browser tests live in e2e/ with their own config.
import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.test.ts"],
  },
})
