/**
 * The server as a process: configuration errors, start-up on either database, and a graceful
 * shutdown that lets an in-flight request finish.
 */
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/platform/db/client";
import { syncLocks } from "../../../src/server/platform/db/schema";
import { type ServerProcess, startServerProcess } from "../../support/server-process";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

type Started = ServerProcess;
const run = startServerProcess;

async function waitForReady(started: Started): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output());
    if (match && started.output().includes("portal ready")) return Number(match[1]);
    if (started.child.exitCode !== null) throw new Error(`server exited:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not start:\n${started.output()}`);
}

/** Waits until the output holds `text`, and answers the port the server listens on. */
async function waitForOutput(started: Started, text: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(started.output());
    if (match && started.output().includes(text)) return Number(match[1]);
    if (started.child.exitCode !== null) throw new Error(`server exited:\n${started.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`"${text}" did not appear:\n${started.output()}`);
}

describe("the server process", () => {
  let dataDir: string;
  let pgDatabase: TestDatabase | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "portal-process-"));
    if (process.env.TEST_DATABASE_URL) pgDatabase = await createTestDatabase();
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await pgDatabase?.destroy();
  });

  it("refuses to start on bad configuration and lists every problem in one message", async () => {
    const started = run({ PORT: "not-a-port", DATABASE_URL: "mysql://x", NODE_ENV: "production" });
    expect(await started.exited).toBe(1);
    const out = started.output();
    expect(out).toContain("Invalid configuration:");
    expect(out).toContain("PORT");
    expect(out).toContain("DATABASE_URL: must be a postgres");
    expect(out).not.toContain("    at "); // no stack trace
  });

  it("starts on the configured database, answers health, and finishes an in-flight request on SIGTERM", async () => {
    // At debug level a request is logged as it arrives, which tells when it is in flight.
    const env: Record<string, string> = pgDatabase?.url
      ? { DATABASE_URL: pgDatabase.url, LOG_LEVEL: "debug" }
      : { DATA_DIR: dataDir, LOG_LEVEL: "debug" };
    const started = run(env);
    const port = await waitForReady(started);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).database.kind).toBe(pgDatabase ? "postgres" : "pglite");
    // Ready, once "portal ready" is logged: the demo sign-in works from that moment.
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, reason: null });
    // The address to open is in the line's own words.
    expect(started.output()).toContain("portal ready: open http://portal.test");

    // Send a request's headers but hold back its body, so it is in flight when the signal arrives.
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.write(
      `POST /api/logout HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://portal.test\r\n` +
        "Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{",
    );
    // Logged at debug level once its headers are in.
    await waitForOutput(started, "/api/logout");
    started.child.kill("SIGTERM");
    await waitForOutput(started, "shutting down");
    expect(started.child.exitCode).toBeNull(); // still waiting for the request to finish
    socket.write("}");
    await new Promise<void>((resolve) => socket.once("close", () => resolve()));
    expect(await started.exited).toBe(0);
    // The request was answered in full, not cut off.
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('{"ok":true}');
    expect(started.output()).toContain("shutting down");
  });

  it("keeps serving when the demo data cannot load, and says why", async () => {
    if (pgDatabase) return;
    // Another instance holds the sync's lease on a new embedded database, as after a first start
    // that was stopped while it loaded the demo data.
    const busyDir = mkdtempSync(path.join(tmpdir(), "portal-busy-"));
    try {
      const database = await openDatabase({ kind: "pglite", dataDir: busyDir });
      await database.migrate();
      await database.db
        .insert(syncLocks)
        .values({ name: "tables", holder: "another-instance", expiresAt: new Date(Date.now() + 600_000) });
      await database.close();

      const started = run({ DATA_DIR: busyDir });
      const port = await waitForOutput(started, "the demo data could not be loaded");
      expect(started.output()).toContain("A sync is already running");
      expect(started.output()).not.toContain("could not start");
      expect(started.child.exitCode).toBeNull();
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      started.child.kill("SIGTERM");
      expect(await started.exited).toBe(0);
    } finally {
      rmSync(busyDir, { recursive: true, force: true });
    }
  });

  it("listens on this machine only by default outside production, and warns loudly when told otherwise", async () => {
    if (pgDatabase) return;
    const quiet = run({ DATA_DIR: dataDir, HOST: "" });
    const port = await waitForReady(quiet);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(quiet.output()).not.toContain("WARNING");
    expect(quiet.output()).not.toMatch(/Server listening at http:\/\/(?!127\.0\.0\.1|\[::1\])/);
    quiet.child.kill("SIGTERM");
    expect(await quiet.exited).toBe(0);

    // Said whatever the log level.
    const exposed = run({ DATA_DIR: dataDir, HOST: "0.0.0.0", LOG_LEVEL: "silent" });
    const deadline = Date.now() + 30_000;
    while (
      !exposed.output().includes("WARNING") &&
      exposed.child.exitCode === null &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(exposed.output()).toContain("listens on 0.0.0.0, beyond this machine");
    exposed.child.kill("SIGTERM");
    expect(await exposed.exited).toBe(0);
  });

  it("starts again on the same data, with migrations already applied", async () => {
    if (pgDatabase) return;
    const started = run({ DATA_DIR: dataDir });
    const port = await waitForReady(started);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    started.child.kill("SIGINT");
    expect(await started.exited).toBe(0);
  });
});
