import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { LINGUI_MACROS } from "./scripts/build/lingui-macros";

export default defineConfig({
  // The pages' messages are Lingui macros, compiled as the build compiles them.
  plugins: [react(LINGUI_MACROS)],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/support/test-setup.ts"],
    globalSetup: ["tests/support/database-templates.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Vitest's default leaves one core to its main process, which on a two-core machine means one
    // worker; the main process is idle once the files are transformed, so every core runs tests.
    maxWorkers: availableParallelism(),
  },
});
