import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";

describe("routing and the error shape", () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "portal-client-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeFileSync(
      path.join(clientDir, "index.html"),
      "<!doctype html><title>Portal</title><div id=root></div>",
    );
    writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), "console.log('app')");
    t = await createTestApp({
      clientDir,
      // A route that fails unexpectedly and one that validates a body, to see what reaches the client.
      configure(app) {
        app.get("/api/test/boom", { config: { access: "public" } }, async () => {
          throw new Error("secret internal detail at /srv/app/db.ts:42");
        });
        app.withTypeProvider<ZodTypeProvider>().post(
          "/api/test/echo",
          {
            config: { access: "public" },
            schema: { body: z.object({ email: z.email("Please enter a valid email address") }) },
          },
          async (request) => request.body,
        );
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("answers an unknown /api path with 404 and a JSON error", async () => {
    for (const url of ["/api/nothing-here", "/api", "/api/user/extra?x=1"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: expect.stringContaining("No API route") });
    }
  });

  it("serves the React app's index.html for every path outside /api", async () => {
    for (const url of ["/", "/login", "/accounts/linkedin?status=x", "/no/such/page"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<div id=root>");
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("serves hashed assets with long-lived caching", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("console.log('app')");
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("answers an unexpected failure with 500 'Internal error' and no stack trace", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/test/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "Internal error" });
    expect(res.body).not.toContain("secret internal detail");
    // The request id ties the client's answer to the logged error.
    const requestId = res.headers["x-request-id"];
    expect(requestId).toBeTruthy();
    expect(t.logs()).toContain(`"reqId":"${requestId}"`);
    expect(t.logs()).toContain("secret internal detail");
  });

  it("answers a body that fails its schema with 400 and the field's message", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: sameOrigin,
      payload: { email: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "email: Please enter a valid email address" });
  });

  it("answers malformed JSON with 400 and non-JSON bodies with 415", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: sameOrigin,
      payload: "{nope",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "The body is not valid JSON" });
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/test/echo",
        headers: { origin: sameOrigin.origin, "content-type": type },
        payload: "email=a@b.co",
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
  });

  it("answers an oversized body with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: sameOrigin,
      payload: JSON.stringify({ email: "a".repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it("answers router errors in the API's shape without quoting the URL back", async () => {
    const cases = [
      { url: "/api/accounts/linkedin/user/%zz-marker", status: 400, error: "The URL is malformed" },
      {
        url: `/api/accounts/linkedin/user/${"x".repeat(5_000)}-marker`,
        status: 414,
        error: "A part of the URL is too long",
      },
    ];
    for (const { url, status, error } of cases) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url.slice(0, 40)).toBe(status);
      expect(res.json()).toEqual({ error });
      expect(res.body).not.toContain("marker");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("keeps a well-formed incoming request id and replaces a malformed one", async () => {
    const kept = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "edge-42.a" },
    });
    expect(kept.headers["x-request-id"]).toBe("edge-42.a");
    const replaced = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "bad id\nwith newline" },
    });
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("without a built client", () => {
  it("explains how to build it instead of failing silently", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain("npm run build");
    await t.close();
  });
});
