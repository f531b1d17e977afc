// Prints how long the built server takes from process start to a healthy /api/health: on a new
// DATA_DIR (the embedded database copied from the build's template, migrated, demo data loading after
// listen) and on an existing one. Also prints where a start spends its time, from the server's own
// "started" log line: when each step finished, in ms since the process started (steps overlap).
// With DATABASE_URL set it also measures starts on that PostgreSQL server, in a database of its own
// (migrated by a first start that is not counted, then dropped), beside the Express peer of
// `npm run bench:peer` (scripts/bench/peer) on the same database: the two start in turn, the order
// alternating every round, and the portal ÷ peer ratios of the medians are printed.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { installPeer } from "./bench-peer-install.mjs";
import { freePort } from "./built-server.mjs";

const RUNS = Number(process.env.RUNS ?? 7);

if (!existsSync("dist/server/main.js")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

/**
 * One GET of /api/health; 0 while nothing listens. Plain node:http rather than fetch: this process
 * shares the machine's cores with the server it measures, so its polling must cost next to nothing.
 */
function healthStatus(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/api/health", agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    request.on("error", () => resolve(0));
  });
}

async function coldStart(dataDir, databaseUrl = "") {
  return startToHealthy(
    ["dist/server/main.js"],
    process.cwd(),
    { DATA_DIR: dataDir, LOG_LEVEL: "info", DATABASE_URL: databaseUrl, SYNC_INTERVAL_MINUTES: "0" },
    { logsTimeline: true },
  );
}

/** The peer on `databaseUrl`, from its scratch folder (scripts/bench/bench-peer-install.mjs). */
function peerStart(peerFolder, databaseUrl) {
  return startToHealthy(["server.cjs"], peerFolder, { DATABASE_URL: databaseUrl, NODE_ENV: "production" });
}

/**
 * Starts `node …args` in `cwd` and times it from the spawn to the first 200 from /api/health. The
 * portal logs its timeline once the app serves, which may come after that first answer: with
 * `logsTimeline` the process is stopped only once the timeline is in.
 */
async function startToHealthy(args, cwd, env, { logsTimeline = false } = {}) {
  const port = await freePort();
  // The files the previous run wrote and deleted are flushed first, as they would be long before a
  // real first start; otherwise that writeback competes with this start's copy of the template.
  execFileSync("sync");
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let timeline;
  let buffered = "";
  child.stdout.on("data", (chunk) => {
    buffered += chunk;
    for (let newline = buffered.indexOf("\n"); newline >= 0; newline = buffered.indexOf("\n")) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      try {
        const entry = JSON.parse(line);
        if (entry.msg === "started") timeline = entry.startup;
      } catch {
        // not a log line
      }
    }
  });
  const deadline = started + 60_000;
  try {
    while (performance.now() < deadline) {
      if ((await healthStatus(port)) === 200) {
        const ms = performance.now() - started;
        while (logsTimeline && !timeline && performance.now() < deadline) {
          await new Promise((r) => setTimeout(r, 10));
        }
        return { ms, timeline };
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error("the server did not become healthy within 60 s");
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r()));
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fresh = [];
const existing = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-cold-"));
  try {
    fresh.push(await coldStart(dataDir));
    existing.push(await coldStart(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(label, runs) {
  const times = runs.map((r) => r.ms);
  console.log(
    `cold start to healthy /api/health, ${label}: median ${median(times).toFixed(0)} ms ` +
      `(min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}; ${RUNS} runs)`,
  );
  const steps = Object.keys(runs.find((r) => r.timeline)?.timeline ?? {});
  // The peer logs no timeline of its start.
  if (steps.length === 0) return;
  const marks = steps.map((step) => {
    const at = median(runs.filter((r) => r.timeline?.[step] !== undefined).map((r) => r.timeline[step]));
    return { step, at };
  });
  marks.sort((a, b) => a.at - b.at);
  console.log(
    `  median step end, ms since process start: ${marks.map((m) => `${m.step} ${m.at}`).join(", ")}`,
  );
}
report("new DATA_DIR", fresh);
report("existing DATA_DIR", existing);

/** Runs one statement on DATABASE_URL's server (create or drop the measured database). */
async function onServer(statement) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

if (process.env.DATABASE_URL) {
  const peerFolder = installPeer();
  const name = `portal_cold_${randomBytes(4).toString("hex")}`;
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-cold-"));
  await onServer(`create database ${name}`);
  try {
    // Applies the migrations, and lets the peer make its session table; neither is counted.
    await coldStart(dataDir, url.toString());
    await peerStart(peerFolder, url.toString());
    const server = [];
    const peer = [];
    for (let i = 0; i < RUNS; i++) {
      if (i % 2 === 0) {
        server.push(await coldStart(dataDir, url.toString()));
        peer.push(await peerStart(peerFolder, url.toString()));
      } else {
        peer.push(await peerStart(peerFolder, url.toString()));
        server.push(await coldStart(dataDir, url.toString()));
      }
    }
    report("PostgreSQL, migrated database", server);
    report("the Express peer, same database", peer);
    const peerMedian = median(peer.map((r) => r.ms));
    const ratio = (runs) => (median(runs.map((r) => r.ms)) / peerMedian).toFixed(2);
    console.log(
      `portal ÷ peer, medians: PostgreSQL ${ratio(server)}, new DATA_DIR ${ratio(fresh)}, ` +
        `existing DATA_DIR ${ratio(existing)}`,
    );
  } finally {
    await onServer(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
} else {
  console.log("Set DATABASE_URL to a PostgreSQL server to measure the start there beside the Express peer.");
}
