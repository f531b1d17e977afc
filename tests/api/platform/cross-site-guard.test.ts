import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalOrigins } from "../../../src/server/platform/plugins/cross-site-guard";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

describe("cross-site request guard", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is registered on the app under its name, for plugins that depend on it", () => {
    expect(t.app.hasPlugin("cross-site-guard")).toBe(true);
  });

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

  it("outside production, also accepts the portal's own port on this machine's loopback names", async () => {
    const { port } = t.config;
    const login = (origin: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { origin },
        payload: { email: "nobody@example.test", password: "not the password" },
      });
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`]) {
      // Past the guard: the sign-in itself answers, and refuses the unknown email.
      expect((await login(origin)).statusCode, origin).toBe(401);
    }
    for (const origin of [
      `http://127.0.0.1:${port + 1}`,
      `https://127.0.0.1:${port}`,
      `http://127.0.0.2:${port}`,
      `http://localhost.evil.example:${port}`,
    ]) {
      const refused = await login(origin);
      expect(refused.statusCode, origin).toBe(403);
      expect(refused.json()).toEqual({ error: "Cross-site request refused" });
    }
  });

  it("in production, accepts the public origin alone", () => {
    const config = { appUrl: "https://portal.example", port: 3000 };
    expect([...portalOrigins({ ...config, isProduction: true })]).toEqual(["https://portal.example"]);
    expect([...portalOrigins({ ...config, isProduction: false })]).toEqual([
      "https://portal.example",
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
  });

  it("refuses Origin: null on a POST, whatever the Referer says, and leaves the session alone", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config);
    for (const referer of [undefined, `${TEST_APP_URL}/settings`, "https://evil.example/page"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { origin: "null", cookie, ...(referer ? { referer } : {}) },
      });
      expect(res.statusCode, String(referer)).toBe(403);
      expect(res.json()).toEqual({ error: "Cross-site request refused" });
    }
    const still = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });

  it("refuses an Origin it cannot read, rather than looking at the Referer instead", async () => {
    for (const origin of ["", "not a url", `${TEST_APP_URL}, https://evil.example`]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { origin, referer: `${TEST_APP_URL}/settings` },
      });
      expect(res.statusCode, JSON.stringify(origin)).toBe(403);
    }
  });

  it("refuses a state-changing request whose Referer cannot be read and that has no Origin", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config);
    for (const referer of ["not a url", "/settings", "//portal.test/settings", "http://", "null"]) {
      const res = await t.app.inject({ method: "POST", url: "/api/logout", headers: { referer, cookie } });
      expect(res.statusCode, referer).toBe(403);
      expect(res.json()).toEqual({ error: "Cross-site request refused" });
    }
    const still = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(still.statusCode).toBe(200);
  });

  it("keeps a route that declares itself open to other sites open to Origin: null", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { origin: "null", "content-type": "application/json", "stripe-signature": "t=1,v1=forged" },
      payload: "{}",
    });
    // The webhook's own answer (a bad signature, or no payments configured), not the guard's.
    expect(res.statusCode).not.toBe(403);
    expect(res.json()).not.toEqual({ error: "Cross-site request refused" });
  });

  it("treats a cross-site HEAD like a GET: answered, and nothing changes", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config);
    for (const headers of [{ origin: "https://evil.example" }, { origin: "null" }, {}]) {
      const head = await t.app.inject({ method: "HEAD", url: "/api/user", headers: { ...headers, cookie } });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe("");
      // A state-changing route has no HEAD: nothing runs, and the session stays.
      const logout = await t.app.inject({
        method: "HEAD",
        url: "/api/logout",
        headers: { ...headers, cookie },
      });
      expect(logout.statusCode).toBe(404);
    }
    const still = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(still.statusCode).toBe(200);
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
