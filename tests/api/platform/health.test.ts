import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Readiness } from "../../../src/server/platform/readiness";
import { healthSchema, readinessSchema } from "../../../src/shared/api/health";
import { createTestApp, type TestApp } from "../../support/test-app";

describe("GET /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 200 with the database's state", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const body = healthSchema.parse(res.json());
    expect(body.status).toBe("ok");
    expect(body.database.state).toBe("up");
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("answers 503 with the database down when it cannot be reached", async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "degraded", database: { state: "down", latencyMs: null } });
    await broken.app.close();
    await broken.database.destroy().catch(() => {});
  });
});

describe("GET /api/health/ready", () => {
  it("is ready once the start has finished, and not while starting or stopping", async () => {
    const readiness = new Readiness("starting");
    const t = await createTestApp({ readiness });
    try {
      const starting = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(starting.statusCode).toBe(503);
      expect(readinessSchema.parse(starting.json())).toEqual({ ready: false, reason: "starting" });

      readiness.state = "ready";
      const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(ready.statusCode).toBe(200);
      expect(readinessSchema.parse(ready.json())).toEqual({ ready: true, reason: null });

      readiness.state = "stopping";
      const stopping = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toEqual({ ready: false, reason: "stopping" });
    } finally {
      await t.close();
    }
  });

  it("is not ready when the database cannot be reached", async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, reason: "database-down" });
    await broken.app.close();
    await broken.database.destroy().catch(() => {});
  });
});
