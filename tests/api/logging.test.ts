import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});
