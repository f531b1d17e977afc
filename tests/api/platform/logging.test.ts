import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../../src/server/platform/db/schema";
import { prettyLogStream } from "../../../src/server/platform/logger";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

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
    // One line per request, written when it is answered.
    const lines = logs
      .split("\n")
      .filter((line) => line.includes(`"reqId":"${res.headers["x-request-id"]}"`));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({
      msg: "request completed",
      req: { method: "GET", path: "/api/user" },
      res: { statusCode: 200 },
    });
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

describe("logs for a person (LOG_FORMAT=pretty)", () => {
  it("read one line per request: method, path, status and time, without its query string", async () => {
    let text = "";
    const destination = new Writable({
      write(chunk, _encoding, done) {
        text += String(chunk);
        done();
      },
    });
    const t = await createTestApp({ logStream: await prettyLogStream(destination) });
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/health?token=one-time-secret" });
      expect(res.statusCode).toBe(200);
      const requestLines = text.split("\n").filter((line) => line.includes("/api/health"));
      expect(requestLines).toHaveLength(1);
      expect(requestLines[0]).toMatch(/INFO.*GET \/api\/health 200 \d+ ms$/);
      expect(text).not.toContain("one-time-secret");
      expect(text).not.toContain('{"level"');
    } finally {
      await t.close();
    }
  });
});

describe("the built client's files", () => {
  it("are served without a log line; the page and the API calls have theirs", async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), "portal-log-client-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Portal</title>");
    writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), "console.log(1)");
    const t = await createTestApp({ clientDir });
    try {
      const asset = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
      expect(asset.statusCode).toBe(200);
      const api = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(api.statusCode).toBe(200);
      expect(t.logs()).not.toContain(String(asset.headers["x-request-id"]));
      expect(t.logs()).not.toContain("app-abc123.js");
      expect(t.logs()).toContain(`"reqId":"${api.headers["x-request-id"]}"`);
    } finally {
      await t.close();
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
