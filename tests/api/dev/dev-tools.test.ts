import { describe, expect, it } from "vitest";
import { createTestApp } from "../../support/test-app";

describe("development tools", () => {
  it("shows the development mailbox as a page outside production", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<h1>Development mailbox</h1>");
    await t.close();
  });

  it("has no mailbox in production", async () => {
    const t = await createTestApp({
      env: {
        NODE_ENV: "production",
        SECRETS_KEY: Buffer.alloc(32, 1).toString("base64"),
        SMTP_URL: "smtp://127.0.0.1:1",
      },
    });
    expect((await t.app.inject({ method: "GET", url: "/api/dev/mailbox" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).not.toBe(200);
    await t.close();
  });
});

describe("development extras beyond this machine", () => {
  const outside = "203.0.113.7";

  it("answer only clients on this machine, whatever the portal listens on", async () => {
    const t = await createTestApp({ env: { HOST: "0.0.0.0" } });
    try {
      for (const url of [
        "/api/dev/mailbox",
        "/dev/mailbox",
        "/%61pi/dev/mailbox",
        "http://portal.test/dev/mailbox",
      ]) {
        const far = await t.app.inject({ method: "GET", url, remoteAddress: outside });
        expect(far.statusCode, url).toBe(404);
        expect(far.json(), url).toHaveProperty("error");
        expect(far.body, url).not.toContain("Development mailbox");
      }
      expect((await t.app.inject({ method: "GET", url: "/api/dev/mailbox" })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: "GET", url: "/api/dev/mailbox", remoteAddress: "::1" })).statusCode,
      ).toBe(200);

      // The test checkout's pages and its Pay and Cancel.
      for (const [method, url] of [
        ["GET", "/test-checkout/cs_local_x"],
        ["POST", "/test-checkout/cs_local_x/pay"],
        ["POST", "/test-checkout/cs_local_x/cancel"],
        ["GET", "/test-billing-portal"],
      ] as const) {
        const far = await t.app.inject({
          method,
          url,
          remoteAddress: outside,
          headers: { origin: "http://portal.test" },
        });
        expect(far.statusCode, url).toBe(404);
      }

      // /login-test is offered only to this machine's browsers.
      const config = (remoteAddress: string) =>
        t.app.inject({ method: "GET", url: "/api/config", remoteAddress });
      expect((await config("127.0.0.1")).json().devToolsEnabled).toBe(true);
      expect((await config(outside)).json().devToolsEnabled).toBe(false);
    } finally {
      await t.close();
    }
  });

  it("go by the client a trusted proxy on this machine names, not by the proxy", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: "loopback" } });
    try {
      const viaProxy = (client: string) =>
        t.app.inject({
          method: "GET",
          url: "/api/dev/mailbox",
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": client },
        });
      expect((await viaProxy(outside)).statusCode).toBe(404);
      expect((await viaProxy("127.0.0.1")).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
