import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthSchema } from "../../src/shared/api/health";
import { createTestApp, type TestApp } from "../support/test-app";

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
