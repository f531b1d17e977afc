import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";

describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("sends a content security policy that allows only the app's own scripts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Plain-http deployments (local use) must not have their assets upgraded to https.
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("adds HSTS and upgrades insecure requests when served over https", async () => {
    const https = await createTestApp({ env: { APP_URL: "https://portal.example.com" } });
    const res = await https.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    await https.close();
  });
});
