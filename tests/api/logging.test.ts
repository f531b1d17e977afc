import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { createTestApp, sameOrigin, type TestApp } from "../support/test-app";
import { signedInUser } from "../support/users";

describe("logs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      configure(app) {
        app.post("/api/test/log", { config: { access: "public" } }, async (request) => {
          request.log.info({ body: request.body }, "received");
          return { ok: true };
        });
        // A statement that fails with values in it: a duplicate email, with a password hash beside it.
        app.post("/api/test/duplicate-user", { config: { access: "public" } }, async (request) => {
          const { email, hash } = request.body as { email: string; hash: string };
          for (let i = 0; i < 2; i++) {
            await t.database.db.insert(users).values({ email, name: "Twice", passwordHash: hash });
          }
          return { ok: true };
        });
      },
    });
  });
  afterAll(() => t.close());

  it("log each request with its id, method and path, never its cookie or query string", async () => {
    const { cookie, token } = await signedInUser(t.database.db, t.config);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/user?resetToken=abc-one-time-secret",
      headers: { cookie, authorization: "Bearer top-secret-bearer" },
    });
    expect(res.statusCode).toBe(200);
    const logs = t.logs();
    expect(logs).toContain(`"reqId":"${res.headers["x-request-id"]}"`);
    expect(logs).toContain('"path":"/api/user"');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain("abc-one-time-secret");
    expect(logs).not.toContain("top-secret-bearer");
  });

  it("redacts passwords and secrets inside logged objects", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/test/log",
      headers: sameOrigin,
      payload: { password: "hunter2-password", linkedinPassword: "li-secret-pw", note: "visible" },
    });
    const logs = t.logs();
    expect(logs).toContain("visible");
    expect(logs).not.toContain("hunter2-password");
    expect(logs).not.toContain("li-secret-pw");
  });

  it("logs a failed database statement by its code and table, never its values", async () => {
    const email = "logged-twice@example.test";
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtdmFsdWU";
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/duplicate-user",
      headers: sameOrigin,
      payload: { email, hash },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "Internal error" });
    const line = t
      .logs()
      .split("\n")
      .find((l) => l.includes(String(res.headers["x-request-id"])) && l.includes("unhandled error"));
    expect(line).toBeDefined();
    expect(line).toContain('"code":"23505"');
    expect(line).toContain('"statement":"insert users"');
    expect(line).toContain("users_email_lower_key");
    expect(t.logs()).not.toContain(email);
    expect(t.logs()).not.toContain("c2VjcmV0LWhhc2gtdmFsdWU");
  });
});
