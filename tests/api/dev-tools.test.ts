import { describe, expect, it } from "vitest";
import { createTestApp } from "../support/test-app";

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
