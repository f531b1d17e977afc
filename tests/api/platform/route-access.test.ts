/**
 * Who may call a route is decided by the route's own declaration, whatever the spelling of the path
 * that reached it. Walks every registered route over real HTTP with the path spelled the ways a
 * router, a proxy or an attacker might: percent-encoded letters, absolute form, doubled or trailing
 * slashes, other case.
 */
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncRuns } from "../../../src/server/platform/db/schema";
import type { DeclaredRoute } from "../../../src/server/platform/plugins/session";
import { listenOnLoopback, type RawResponse, rawRequest } from "../../support/raw-http";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

const FOREIGN_ORIGIN = "https://evil.example";

/** Spellings the router maps to the route itself (the others match no route). */
const REACHES_THE_ROUTE = [
  "plain",
  "first letter encoded",
  "first segment encoded",
  "every letter encoded",
  "lower-case escapes",
  "absolute form",
  "absolute form, encoded",
];

const encodeLetters = (segment: string) =>
  segment.replace(/[A-Za-z]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The same path, spelled in ways that must not change who may call it. */
function spellings(path: string, port: number): Record<string, string> {
  const [, first = "", ...rest] = path.split("/");
  const tail = rest.join("/");
  return {
    plain: path,
    "first letter encoded": `/%61${first.slice(1)}/${tail}`,
    "first segment encoded": `/${encodeLetters(first)}/${tail}`,
    "every letter encoded": path.split("/").map(encodeLetters).join("/"),
    "lower-case escapes": `/%61%70%69/${tail}`.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()),
    "absolute form": `http://127.0.0.1:${port}${path}`,
    "absolute form, encoded": `http://127.0.0.1:${port}/%61${first.slice(1)}/${tail}`,
    "doubled leading slash": `/${path}`,
    "doubled inner slash": path.replace("/", "//").replace(/\/(?=[^/]+$)/, "//"),
    "trailing slash": `${path}/`,
    "upper case": path.toUpperCase(),
    "encoded slashes": `/${first}${encodeURIComponent(`/${tail}`)}`,
    "dot segment": `/x/..${path}`,
  };
}

/** A concrete path for a route pattern: parameters filled with plausible values. */
function concretePath(url: string): string {
  return url.replace(/:uid/g, "some-customer-uid").replace(/:id/g, "1").replace(/:\w+/g, "x");
}

const isApi = (route: DeclaredRoute) => route.url.startsWith("/api");

function call(port: number, method: string, target: string, headers: Record<string, string> = {}) {
  const body = method === "GET" || method === "HEAD" ? undefined : "{}";
  return rawRequest(port, {
    method,
    target,
    body,
    headers: body ? { "content-type": "application/json", origin: FOREIGN_ORIGIN, ...headers } : headers,
  });
}

function expectRefusedInShape(res: RawResponse, what: string, method: string) {
  expect(res.status, what).toBeGreaterThanOrEqual(400);
  expect(res.status, what).toBeLessThan(500);
  if (method === "HEAD") return;
  expect(res.headers["content-type"], what).toMatch(/application\/json/);
  expect(JSON.parse(res.body), what).toEqual({ error: expect.any(String) });
}

describe("route access whatever the path's spelling", () => {
  let t: TestApp;
  let port: number;
  let routes: DeclaredRoute[];

  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "development" } });
    port = await listenOnLoopback(t.app);
    routes = t.app.declaredRoutes().filter(isApi);
  });
  afterAll(() => t.close());

  it("knows the routes it walks, and every one declares its access", () => {
    const names = routes.map((r) => `${r.methods.join(",")} ${r.url}`);
    expect(names).toContain("GET /api/admin/import-status");
    expect(names).toContain("POST /api/admin/sync-users");
    expect(names).toContain("GET /api/notifications");
    expect(names).toContain("POST /api/notifications/read");
    expect(names).toContain("PUT /api/notifications/preferences");
    expect(routes.filter((r) => r.access !== "public").length).toBeGreaterThan(10);
  });

  it("answers no route that is not public without a session, from another site, in any spelling", async () => {
    const refusedEverywhere: string[] = [];
    for (const route of routes.filter((r) => r.access !== "public")) {
      for (const method of route.methods) {
        const path = concretePath(route.url);
        for (const [spelling, target] of Object.entries(spellings(path, port))) {
          const res = await call(port, method, target);
          expectRefusedInShape(res, `${method} ${target} (${spelling})`, method);
        }
        refusedEverywhere.push(`${method} ${route.url}`);
      }
    }
    expect(refusedEverywhere.length).toBeGreaterThan(10);
    // Nothing was started by the attempts on the admin sync.
    const [runs] = await t.database.db.select({ n: count() }).from(syncRuns);
    expect(runs?.n).toBe(0);
  });

  it("answers no admin route to a customer, in any spelling", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config);
    for (const route of routes.filter((r) => r.access === "admin")) {
      for (const method of route.methods) {
        for (const [spelling, target] of Object.entries(spellings(concretePath(route.url), port))) {
          const res = await call(port, method, target, { cookie, origin: TEST_APP_URL });
          expectRefusedInShape(res, `${method} ${target} (${spelling})`, method);
        }
      }
    }
  });

  it("reaches the same route through an encoded or absolute-form path, where the guard then decides", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config, { role: "admin" });
    for (const target of [
      "/api/admin/import-status",
      "/%61pi/admin/import-status",
      `http://127.0.0.1:${port}/api/admin/import-status`,
    ]) {
      const signedIn = await call(port, "GET", target, { cookie });
      expect(signedIn.status, target).toBe(200);
      expect(JSON.parse(signedIn.body)).toHaveProperty("database");
      const anonymous = await call(port, "GET", target);
      expect(anonymous.status, target).toBe(401);
    }
  });

  it("refuses a state-changing call from another site in every spelling, even with an admin session", async () => {
    const { cookie } = await signedInUser(t.database.db, t.config, { role: "admin" });
    for (const [spelling, target] of Object.entries(spellings("/api/admin/sync-users", port))) {
      const res = await call(port, "POST", target, { cookie });
      expectRefusedInShape(res, `${target} (${spelling})`, "POST");
      // A spelling either reaches the route, where the guard refuses it, or matches no route at all.
      expect(JSON.parse(res.body), spelling).toEqual(
        res.status === 404
          ? { error: "No API route matches this request" }
          : { error: "Cross-site request refused" },
      );
      if (REACHES_THE_ROUTE.includes(spelling)) expect(res.status, spelling).toBe(403);
    }
    const [runs] = await t.database.db.select({ n: count() }).from(syncRuns);
    expect(runs?.n).toBe(0);
  });

  it("answers 404 in the API's shape for an API path that matches nothing, however it is spelled", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      for (const [spelling, target] of Object.entries(spellings("/api/no-such-thing", port))) {
        // From the portal's own pages and from another site alike: nothing matched, nothing to guard.
        for (const origin of [TEST_APP_URL, FOREIGN_ORIGIN]) {
          const res = await call(port, method, target, { origin });
          expect(res.status, `${method} ${target} (${spelling}) from ${origin}`).toBe(404);
          expect(JSON.parse(res.body)).toEqual({ error: "No API route matches this request" });
          expect(res.body).not.toContain("no-such-thing");
        }
      }
    }
  });
});
