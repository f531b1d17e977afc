// Prints how long the built server takes from process start to a healthy /api/health: on a new
// DATA_DIR (creating, migrating and seeding the embedded database) and on an existing one.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const RUNS = Number(process.env.RUNS ?? 3);
const PORT = 3199;

async function coldStart(dataDir) {
  const started = performance.now();
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SYNC_INTERVAL_MINUTES: "0",
    },
    stdio: "ignore",
  });
  const deadline = started + 60_000;
  try {
    while (performance.now() < deadline) {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error("the server did not become healthy within 60 s");
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fresh = [];
const existing = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-cold-"));
  fresh.push(await coldStart(dataDir));
  existing.push(await coldStart(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `cold start to healthy /api/health, new DATA_DIR:      median ${median(fresh).toFixed(0)} ms (${fresh.map((x) => x.toFixed(0)).join(", ")})`,
);
console.log(
  `cold start to healthy /api/health, existing DATA_DIR: median ${median(existing).toFixed(0)} ms (${existing.map((x) => x.toFixed(0)).join(", ")})`,
);
