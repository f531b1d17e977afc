/**
 * The API reference is generated from the routes themselves: every declared API route is in the
 * OpenAPI document with the access it declares, the document is valid OpenAPI 3.1, and the readable
 * page loads nothing from elsewhere.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lintOpenApi } from "../../../scripts/checks/openapi-lint";
import { type ApiDocument, mismatchOf } from "../../support/api-contract";
import { createTestApp, type TestApp } from "../../support/test-app";

type Doc = {
  openapi: string;
  components?: { securitySchemes?: Record<string, unknown> };
  info: { description: string };
  paths: Record<
    string,
    Record<
      string,
      {
        "x-access"?: string;
        operationId?: string;
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
    // A signed body that is no event is a 400, as a bad signature is. The webhook is called from
    // Stripe, so it has no cross-site 403; it still has the body parser's 413 and 415.
    expect(statuses("/api/stripe/webhook")).toEqual(["200", "400", "413", "415", "500", "503"]);
    expect(JSON.stringify(doc.paths["/api/stripe/webhook"]?.post?.requestBody)).toContain('"type"');
    // A payment link never answers 429 for the customer's open orders (the oldest expires instead),
    // only for the caller's address and the uid; nor 404, for a uid that names nobody.
    expect(statuses("/api/pay")).toEqual(["200", "400", "403", "413", "415", "429", "500", "502", "503"]);
  });

  it("passes the lint: summaries, unique operationIds, declared tags, described answers", () => {
    expect(lintOpenApi(doc as never)).toEqual([]);
    expect(doc.paths["/api/login"]?.post?.operationId).toBe("postLogin");
    expect(doc.paths["/api/accounts/linkedin/{id}/reveal"]?.post?.operationId).toBe(
      "postAccountsLinkedinByIdReveal",
    );
    // Tools generated from the document sign in with the session cookie.
    expect(doc.components?.securitySchemes?.session).toMatchObject({ type: "apiKey", in: "cookie" });
  });

  it("adds the answers of the app's plugins to each route by what it declares", () => {
    const statuses = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {}).sort();
    // A signed-in read with an ETag: 401 signed out, 400 and 500 as everywhere, no cross-site 403 or body errors.
    expect(statuses("/api/activity", "get")).toEqual(["200", "304", "400", "401", "500"]);
    // A public state-changing call: the cross-site 403 and the body parser's 413 and 415.
    expect(statuses("/api/logout", "post")).toEqual(["200", "400", "403", "413", "415", "500"]);
    // An admin route's 403 also says when an administrator must set up a second factor first.
    const admin403 = doc.paths["/api/admin/import-status"]?.get?.responses?.["403"];
    expect(JSON.stringify(admin403)).toContain("enrolSecondFactor");
    // A development route asked from elsewhere is a 404.
    expect(statuses("/api/dev/mailbox", "get")).toContain("404");
    // A step-up 403 keeps its flag.
    expect(JSON.stringify(doc.paths["/api/user/password"]?.post?.responses?.["403"])).toContain("stepUp");
  });

  it("says what is not JSON: CSV, the page, redirects and 304s", () => {
    const answer = (path: string, status: string, method = "get") =>
      doc.paths[path]?.[method]?.responses?.[status] as { content?: Record<string, unknown> } | undefined;
    expect(Object.keys(answer("/api/transactions/export.csv", "200")?.content ?? {})).toEqual(["text/csv"]);
    expect(Object.keys(answer("/api/docs", "200")?.content ?? {})).toEqual(["text/html"]);
    for (const path of ["/api/auth/google", "/api/auth/google/callback"]) {
      expect(answer(path, "303"), path).toBeDefined();
      expect(answer(path, "303")?.content, path).toBeUndefined();
      expect(answer(path, "200"), path).toBeUndefined();
    }
    for (const path of [
      "/api/profile-optimizations",
      "/api/accounts/linkedin/user/{uid}",
      "/api/transactions",
    ]) {
      expect(Object.keys(answer(path, "200")?.content ?? {}), path).toEqual(["application/json"]);
      expect(answer(path, "304")?.content, path).toBeUndefined();
    }
  });

  it("shows a readable page that loads nothing from elsewhere", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.body).toContain("<h1>Customer portal API</h1>");
    expect(res.body).toContain("/api/accounts/linkedin/user/{uid}");
    expect(res.body).toContain("<strong>Sign in with a password</strong>");
    expect(res.body).not.toMatch(/<script|<link|src=|https?:\/\/(?!portal\.test)/);
    expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
  });

  it("shows the descriptions' code spans as code, with no markdown backtick left", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.body).toContain("Every error answer is <code>{ &quot;error&quot;: message }</code>.");
    expect(res.body).toContain("<code>Origin: null</code> is refused");
    expect(res.body).not.toContain("`");
  });

  it("checks answers against it: an undeclared status, media type or body shape is a mismatch", () => {
    const answer = (status: number, contentType: string | undefined, body: string) =>
      mismatchOf({
        doc: doc as unknown as ApiDocument,
        method: "GET",
        route: "/api/profile-optimizations/:uid",
        status,
        contentType,
        contentEncoding: undefined,
        body: Buffer.from(body),
      });
    expect(answer(200, "application/json; charset=utf-8", "[]")).toBeUndefined();
    expect(answer(403, "application/json", '{"error":"no"}')).toBeUndefined();
    expect(answer(304, undefined, "")).toBeUndefined();
    expect(answer(409, "application/json", '{"error":"no"}')).toMatch(/status 409 is not declared/);
    expect(answer(200, "text/csv", "a,b")).toMatch(/media type "text\/csv" is not declared/);
    expect(answer(200, "application/json", '{"items":[]}')).toMatch(/does not match its schema/);
    expect(answer(403, "application/json", '{"message":"no"}')).toMatch(/does not match its schema/);
    // Routes the document leaves out (the app's pages) are not part of the API.
    expect(
      mismatchOf({
        ...{ doc: doc as unknown as ApiDocument },
        method: "GET",
        route: "/dev/mailbox",
        status: 200,
        contentType: "text/html",
        contentEncoding: undefined,
        body: Buffer.from("<p>"),
      }),
    ).toBeUndefined();
  });
});
