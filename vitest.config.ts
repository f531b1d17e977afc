import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/support/test-setup.ts"],
    globalSetup: ["tests/support/database-templates.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
