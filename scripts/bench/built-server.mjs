// The built portal (`npm run build`) on a free loopback port with a new, temporary DATA_DIR on the
// embedded database, for the measurement scripts: they see what a first visitor would.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it gives a truthy value (errors count as not yet), or fails after `timeoutMs`. */
export async function waitFor(check, what, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not ready yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
}

/** Starts the build and waits for a healthy `/api/health`; `stop()` ends it and removes its data. */
export async function startBuiltServer(label) {
  if (!existsSync("dist/server/main.js") || !existsSync("dist/client/index.html")) {
    console.error("No build found: run `npm run build` first.");
    process.exit(1);
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-${label}-`));
  const server = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      SYNC_INTERVAL_MINUTES: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode === null ? server.once("exit", r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(async () => {
      if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
      return (await fetch(`${origin}/api/health`)).ok;
    }, "a healthy /api/health");
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}
