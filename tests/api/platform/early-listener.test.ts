/**
 * Decision 078: the server listens before the app is built. Until it is handed over, it answers the
 * liveness probe with the app's own check and holds every other request, which the app then answers;
 * after the hand-over the app answers everything, on the same server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/server/app";
import { checkHealth } from "../../../src/server/features/health/check";
import { createEarlyListener, type EarlyListener } from "../../../src/server/platform/http/early-listener";
import { healthSchema } from "../../../src/shared/api/health";
import { rawRequest, sendRaw } from "../../support/raw-http";
import { testConfig } from "../../support/test-app";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

const portOf = (listener: EarlyListener) => Number(new URL(listener.addresses()[0] ?? "").port);

/** Whether `promise` settles within `ms`: a held request must not. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await new Promise((r) => setTimeout(r, ms));
  return settled;
}

/** A new database, and the listener on a free loopback port answering the probe with its check. */
async function listeningOnLoopback() {
  const database = await createTestDatabase();
  const listener = createEarlyListener();
  await listener.listen(0, "127.0.0.1", () => checkHealth(database, () => {}));
  return { database, listener, port: portOf(listener) };
}

describe("the server before and after the app is built", () => {
  let database: TestDatabase;
  let listener: EarlyListener;
  let port: number;

  beforeAll(async () => {
    ({ database, listener, port } = await listeningOnLoopback());
  });
  afterAll(async () => {
    await listener.close();
    // A test may have closed the database already, to see the probe fail.
    await database.destroy().catch(() => {});
  });

  it("answers the liveness probe itself while the app is built, and holds everything else for the app", async () => {
    const early = await fetch(`http://127.0.0.1:${port}/api/health?probe=1`);
    expect(early.status).toBe(200);
    expect(early.headers.get("cache-control")).toBe("no-store");
    expect(early.headers.get("x-request-id")).toBeNull(); // no app yet
    const body = healthSchema.parse(await early.json());
    expect(body.database).toMatchObject({ state: "up", kind: database.kind });

    const head = await rawRequest(port, { method: "HEAD", target: "/api/health" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");

    // Neither another route, nor another method, nor the probe's path in absolute form is answered early.
    const publicConfig = fetch(`http://127.0.0.1:${port}/api/config`);
    const postedHealth = rawRequest(port, { method: "POST", target: "/api/health", body: "{}" });
    const absoluteForm = rawRequest(port, { method: "GET", target: `http://127.0.0.1:${port}/api/health` });
    expect(await settlesWithin(publicConfig, 300)).toBe(false);
    expect(await settlesWithin(postedHealth, 0)).toBe(false);
    expect(await settlesWithin(absoluteForm, 0)).toBe(false);

    const app = await buildApp({
      config: testConfig(),
      database,
      listener,
      clientDir: "/nonexistent-client-build",
    });
    await app.ready();
    listener.handOver();
    try {
      const held = await publicConfig;
      expect(held.status).toBe(200);
      expect(held.headers.get("x-request-id")).toBeTruthy();
      expect(await held.json()).toHaveProperty("supportEmail");
      // The app's answers, in its shape.
      expect((await postedHealth).status).toBe(404);
      expect(JSON.parse((await postedHealth).body)).toHaveProperty("error");
      expect((await absoluteForm).status).toBe(200);

      const late = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(late.status).toBe(200);
      expect(late.headers.get("x-request-id")).toBeTruthy();
    } finally {
      await Promise.all([app.close(), listener.close()]);
    }
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});

describe("the early server's answers to broken requests", () => {
  let database: TestDatabase;
  let listener: EarlyListener;
  let port: number;

  beforeAll(async () => {
    ({ database, listener, port } = await listeningOnLoopback());
  });
  afterAll(async () => {
    await listener.close();
    // A test may have closed the database already, to see the probe fail.
    await database.destroy().catch(() => {});
  });

  it("answers a malformed request and a CONNECT in the error shape before the app exists", async () => {
    const malformed = await sendRaw(port, "NOT HTTP AT ALL\r\n\r\n");
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toEqual({ error: "The request is malformed" });
    const connect = await rawRequest(port, { method: "CONNECT", target: "example.com:443" });
    expect(connect.status).toBe(405);
    expect(JSON.parse(connect.body)).toHaveProperty("error");
  });

  it("says the database is down when it does not answer", async () => {
    await database.close();
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: "degraded",
      database: { state: "down", latencyMs: null },
    });
  });
});

describe("listening on localhost", () => {
  it("listens on each address the name has that this machine can bind, all answering", async () => {
    // The database is never asked: the probe's check here is a stand-in.
    const listener = createEarlyListener();
    try {
      await listener.listen(0, "localhost", async () => ({ statusCode: 200, body: { status: "ok" } }));
      const addresses = listener.addresses();
      expect(addresses.length).toBeGreaterThan(0);
      expect(new Set(addresses.map((a) => new URL(a).port)).size).toBe(1);
      for (const address of addresses) {
        expect((await fetch(`${address}/api/health`)).status).toBe(200);
      }
    } finally {
      await listener.close();
    }
  });
});
