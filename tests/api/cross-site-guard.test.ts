import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_APP_URL, type TestApp } from "../support/test-app";
import { signedInUser } from "../support/users";

describe("cross-site request guard", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses a state-changing request from another origin and leaves the session alone", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config);
    for (const headers of [
      { origin: "https://evil.example" },
      { referer: "https://evil.example/page" },
      {},
    ]) {
      const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: { ...headers, cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "Cross-site request refused" });
    }
    const still = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });

  it("accepts the portal's own origin, or its Referer when the Origin is missing", async () => {
    const byOrigin = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { origin: TEST_APP_URL },
    });
    expect(byOrigin.statusCode).toBe(200);
    const byReferer = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { referer: `${TEST_APP_URL}/settings` },
    });
    expect(byReferer.statusCode).toBe(200);
  });

  it("does not apply to reads", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { origin: "https://evil.example" },
    });
    expect(res.statusCode).toBe(200);
  });
});
