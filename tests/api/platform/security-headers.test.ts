import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

describe("security headers", () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "portal-client-"));
    writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Portal</title>");
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("sends pages a content security policy that allows only the app's own scripts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/login" });
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

  it("turns off device features the portal never uses", async () => {
    const res = await t.app.inject({ method: "GET", url: "/dashboard" });
    const policy = String(res.headers["permissions-policy"]);
    for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) {
      expect(policy).toContain(feature);
    }
  });

  it("lets no cache keep an answer with personal data, or an error", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config);
    for (const url of ["/api/user", "/api/user/sessions", "/api/activity"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/user" });
    expect(anonymous.headers["cache-control"]).toBe("no-store");
  });

  it("adds HSTS and upgrades insecure requests when served over https", async () => {
    const https = await createTestApp({ clientDir, env: { APP_URL: "https://portal.example.com" } });
    const res = await https.app.inject({ method: "GET", url: "/login" });
    expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    expect(String(res.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
    await https.close();
  });
});
