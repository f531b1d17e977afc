/**
 * The client's address (per-address limits, the session list) comes from X-Forwarded-For only when
 * the connection comes from a proxy the operator configured in TRUST_PROXY.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

async function appWith(env: Record<string, string>): Promise<TestApp> {
  return createTestApp({
    env,
    configure(app) {
      app.get("/api/test/ip", { config: { access: "public" } }, async (request) => ({ ip: request.ip }));
    },
  });
}

async function ipSeen(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/test/ip",
    remoteAddress,
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });
  return res.json().ip;
}

describe("TRUST_PROXY", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  it("ignores X-Forwarded-For by default, in production too", async () => {
    const environments: Array<Record<string, string>> = [
      {},
      { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:1" },
    ];
    for (const env of environments) {
      const t = await appWith(env);
      apps.push(t);
      expect(await ipSeen(t, "198.51.100.4", "203.0.113.9")).toBe("198.51.100.4");
    }
  });

  it("does not let a made-up header walk past the per-address sign-in limit, or into the session list", async () => {
    const t = await appWith({});
    apps.push(t);
    const email = `proxy-${Date.now()}@example.test`;
    const password = "Correct-Horse-42";
    await insertUser(t.database.db, { email, password });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.post(
        "/api/login",
        { email: `nobody-${i}@example.test`, password: "wrong-password" },
        { ip: "198.51.100.20", headers: { "x-forwarded-for": `203.0.113.${i + 1}` } },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);

    const signIn = await t.post(
      "/api/login",
      { email, password },
      { ip: "198.51.100.21", headers: { "x-forwarded-for": "203.0.113.250" } },
    );
    expect(signIn.statusCode).toBe(200);
    const cookie = String(signIn.headers["set-cookie"]).split(";")[0] ?? "";
    const sessions = await t.app.inject({ method: "GET", url: "/api/user/sessions", headers: { cookie } });
    expect(sessions.json()).toEqual([expect.objectContaining({ ipAddress: "198.51.100.21", current: true })]);
  });

  it("with a hop count, takes the address that many hops back", async () => {
    const t = await appWith({ TRUST_PROXY: "1" });
    apps.push(t);
    expect(await ipSeen(t, "10.0.0.2", "203.0.113.9")).toBe("203.0.113.9");
    // A client's own made-up entry sits further back than the one proxy vouches for.
    expect(await ipSeen(t, "10.0.0.2", "1.1.1.1, 203.0.113.9")).toBe("203.0.113.9");
  });

  it("with proxy addresses, believes only those proxies", async () => {
    const t = await appWith({ TRUST_PROXY: "10.0.0.0/8" });
    apps.push(t);
    expect(await ipSeen(t, "10.1.2.3", "203.0.113.9")).toBe("203.0.113.9");
    expect(await ipSeen(t, "198.51.100.4", "203.0.113.9")).toBe("198.51.100.4");
  });
});
