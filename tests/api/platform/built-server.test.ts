/**
 * The built server (`dist/server`, made by `npm run build` before the tests run) with its outside
 * services configured: the code it loads on first use, kept out of the start in chunks of its own
 * (decision 013), works as built. Stripe's SDK checks a webhook and opens a Checkout Session
 * against the Stripe fake, nodemailer delivers to the SMTP fake, and the common-password list
 * refuses a common password. The API tests run the same features from source.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSmtp, startFakeSmtp } from "../../fakes/smtp-server";
import { type FakeStripe, startFakeStripe } from "../../fakes/stripe-server";

const DEMO = { email: "demo@example.com", password: "Demo-Portal-2026!" };
const APP_URL = "http://portal.test";

describe("the built server, with Stripe and SMTP configured", () => {
  let stripe: FakeStripe;
  let smtp: FakeSmtp;
  let server: ChildProcess;
  let output = "";
  let base = "";
  let dataDir: string;

  beforeAll(async () => {
    if (!existsSync("dist/server/main.js")) throw new Error("No build found: run `npm run build` first");
    [stripe, smtp] = await Promise.all([startFakeStripe(), startFakeSmtp()]);
    dataDir = mkdtempSync(path.join(tmpdir(), "portal-built-"));
    server = spawn(process.execPath, ["dist/server/main.js"], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "development",
        HOST: "127.0.0.1",
        PORT: "0",
        APP_URL,
        DATA_DIR: dataDir,
        LOG_LEVEL: "info",
        SYNC_INTERVAL_MINUTES: "0",
        SMTP_URL: smtp.url,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    server.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 60_000;
    while (!output.includes("portal ready")) {
      if (server.exitCode !== null || Date.now() > deadline)
        throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
    base = `http://127.0.0.1:${port}`;
  }, 90_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    await Promise.all([stripe?.close(), smtp?.close()]);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(base + url, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP_URL, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("verifies Stripe webhooks with the SDK: a forged signature is refused, a signed event is taken", async () => {
    const payload = JSON.stringify({
      id: "evt_built_1",
      object: "event",
      type: "customer.created",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "cus_built" } },
    });
    const forged = await post("/api/stripe/webhook", payload, { "stripe-signature": "t=1,v1=forged" });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: "The webhook signature does not match" });

    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret });
    const taken = await post("/api/stripe/webhook", payload, { "stripe-signature": signature });
    expect(taken.status).toBe(200);
  });

  it("opens a Checkout Session through the Stripe API for a signed-in customer", async () => {
    const login = await post("/api/login", DEMO);
    expect(login.status).toBe(200);
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const res = await post(
      "/api/create-checkout-session",
      {
        selectedPlans: [{ id: "plus" }],
        planQuantities: { plus: 1 },
        selectedAddOns: [],
        addOnQuantities: {},
      },
      { cookie },
    );
    expect(res.status).toBe(200);
    const { sessionId, url } = (await res.json()) as { sessionId: string; url: string };
    expect(stripe.sessions.get(sessionId)?.url).toBe(url);
  });

  it("sends mail over SMTP with nodemailer", async () => {
    const res = await post("/api/forgot-password", { email: DEMO.email });
    expect(res.status).toBe(200);
    // The demo user also hears of the earlier sign-ins from a new browser: look for the reset mail.
    const isReset = (mail: { to: string[]; raw: string }) =>
      mail.to.includes(DEMO.email) && mail.raw.includes("Reset your password");
    const deadline = Date.now() + 20_000;
    while (!smtp.received.some(isReset) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const mail = smtp.received.find(isReset);
    expect(mail?.raw).toContain(`${APP_URL}/reset-password`);
  });

  it("refuses a common password from the list", async () => {
    const res = await post("/api/register", {
      name: "Common",
      email: "common-password@example.test",
      password: "qwertyuiop",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain("This password is too easy to guess");
  });

  it("serves the API document and validates bodies with the routes' own schemas", async () => {
    const doc = await fetch(`${base}/api/openapi.json`);
    expect(doc.status).toBe(200);
    const { paths } = (await doc.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(paths)).toContain("/api/login");

    const wrongType = await post("/api/login", { email: 42, password: ["no"] });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toEqual({ error: expect.any(String) });
  });
});

describe("the built server refused by its configuration", () => {
  it("exits with the reason after finishing the new database's copy it began", async () => {
    if (!existsSync("dist/server/main.js")) throw new Error("No build found: run `npm run build` first");
    const dataDir = mkdtempSync(path.join(tmpdir(), "portal-refused-"));
    try {
      // The entry point starts copying the template before the configuration is read (decision 059).
      const child = spawn(process.execPath, ["dist/server/main.js"], {
        env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: "not-a-port" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr?.on("data", (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(stderr).toContain("PORT");
      // A whole copy, renamed into place; no half-made one beside it.
      expect(readdirSync(dataDir)).toEqual(["pgdata"]);
      expect(existsSync(path.join(dataDir, "pgdata", "PG_VERSION"))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
