/**
 * The API reference is generated from the routes themselves: every declared API route is in the
 * OpenAPI document with the access it declares, the document is valid OpenAPI 3.1, and the readable
 * page loads nothing from elsewhere.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";

type Doc = {
  openapi: string;
  info: { description: string };
  paths: Record<
    string,
    Record<
      string,
      {
        "x-access"?: string;
        security?: unknown[];
        requestBody?: unknown;
        responses?: Record<string, unknown>;
      }
    >
  >;
};

/** Fastify's `/api/user/:id` as OpenAPI writes it: `/api/user/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

describe("the API reference", () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "development" } });
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it("is valid OpenAPI 3.1", async () => {
    expect(doc.openapi).toBe("3.1.0");
    // The answers no route gives, refused before routing, are listed once for all of them.
    expect(doc.info.description).toContain("408 (not arrived in time)");
    expect(doc.info.description).toContain("431");
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every declared API route with the access it declares", () => {
    const routes = t.app.declaredRoutes().filter((route) => route.url.startsWith("/api/"));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const method of route.methods.filter((m) => m !== "HEAD")) {
        const operation = doc.paths[openApiPath(route.url)]?.[method.toLowerCase()];
        expect(operation, `${method} ${route.url}`).toBeDefined();
        expect(operation?.["x-access"], `${method} ${route.url}`).toBe(route.access);
        expect(operation?.security, `${method} ${route.url}`).toEqual(
          route.access === "public" ? [] : [{ session: [] }],
        );
      }
    }
    // Bodies come from the same zod schemas the routes validate with.
    expect(JSON.stringify(doc.paths["/api/login"]?.post?.requestBody)).toContain('"email"');
    // The app's pages are not part of the API.
    expect(Object.keys(doc.paths).every((path) => path.startsWith("/api/"))).toBe(true);
  });

  it("lists the statuses the payment routes answer", () => {
    const statuses = (path: string) => Object.keys(doc.paths[path]?.post?.responses ?? {}).sort();
    // A signed body that is no event is a 400, as a bad signature is.
    expect(statuses("/api/stripe/webhook")).toEqual(["200", "400", "503"]);
    // A payment link never answers 429 for the customer's open orders (the oldest expires instead),
    // only for the caller's address.
    expect(statuses("/api/pay")).toEqual(["200", "400", "403", "404", "429", "502", "503"]);
  });

  it("shows a readable page that loads nothing from elsewhere", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("<h1>Customer portal API</h1>");
    expect(res.body).toContain("/api/accounts/linkedin/user/{uid}");
    expect(res.body).not.toMatch(/<script|<link|src=|https?:\/\/(?!portal\.test)/);
    expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
  });

  it("shows the descriptions' code spans as code, with no markdown backtick left", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.body).toContain("Every error answer is <code>{ &quot;error&quot;: message }</code>.");
    expect(res.body).toContain("<code>Origin: null</code> is refused");
    expect(res.body).not.toContain("`");
  });
});
