import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * A free loopback port, picked once by the runner's main process: another portal may already run on
 * any fixed port. The workers and the web server inherit it through the environment.
 */
function freeLoopbackPort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ["-e", script]).toString().trim();
}
process.env.E2E_PORT ||= freeLoopbackPort();
// The parent of the server's sync source folder, picked here so that the tests know it too
// (tests/e2e/support/sync-source.ts); the server removes it when it stops.
process.env.E2E_SOURCE_PARENT ||= mkdtempSync(path.join(tmpdir(), "portal-e2e-source-"));
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two workers on every machine: the suite runs alone, and one worker per two cores doubles its time.
  workers: 2,
  // In CI one retry, so that a machine busy with something else does not sink a run; a test that
  // passes only on its retry is still counted and listed as flaky by the summary.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: "reports/e2e-results.json" }]],
  // A test takes 1 to 11 s on a quiet two-core machine; the limits leave room for one three to four
  // times slower, where a wait that is too short fails a correct screen.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    // Recording a trace costs about a fifth of the suite's time (its screencast and snapshots run for
    // every test, passed or not): in CI only a failed test's retry records one, locally every failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          // Debian's headless shell unless told otherwise (scripts/checks/test.sh, decision 073).
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
          ],
        },
      },
    },
  ],
  webServer: {
    command: "npx tsx tests/e2e/support/start-server.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
