/**
 * Malformed input on every route: random params, queries, bodies and headers from a seeded
 * generator (FUZZ_SEED replays a run). Whatever arrives, the answer is never a 5xx, and every error
 * is `{ "error": message }`. Bounded to a few seconds.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import type { DeclaredRoute } from "../../../src/server/platform/plugins/session";
import { createTestApp, nextLoopbackIp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CASES_PER_ROUTE = 30;

/** mulberry32: small, fast and good enough to pick test inputs reproducibly. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\u0007\u001b[31m",
  "line\nbreak",
  "\r\n\r\n",
  "\ud800",
  "😀".repeat(40),
  "x".repeat(5_000),
  "%00",
  "%zz",
  "../../etc/passwd",
  "'; drop table users; --",
  "<script>alert(1)</script>",
  "=cmd|' /C calc'!A0",
  "__proto__",
  "constructor",
  "-1",
  "0",
  "1e309",
  "NaN",
  "99999999999999999999999",
  "null",
  "true",
  "someone@example.test",
  "a@b",
];

function randomScalar(r: Random): unknown {
  switch (r.int(7)) {
    case 0:
      return r.pick(NASTY_STRINGS);
    case 1:
      return r.pick([0, -1, 1.5, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 1e308, -0]);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return r.pick(NASTY_STRINGS) + r.pick(NASTY_STRINGS);
    default:
      return r.pick([
        "full",
        "incremental",
        "user",
        "password",
        "proxyPassword",
        "recoveryCodes",
        "1",
        "abc",
      ]);
  }
}

function randomValue(r: Random, depth = 0): unknown {
  if (depth > 3 || r.next() < 0.5) return randomScalar(r);
  if (r.next() < 0.5) return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
  const keys = [
    "email",
    "password",
    "name",
    "username",
    "token",
    "kind",
    "secret",
    "accountIds",
    "id",
    "uid",
  ];
  const object: Record<string, unknown> = {};
  for (let i = r.int(5); i > 0; i--)
    object[r.pick([...keys, "__proto__", "constructor", "extra"])] = randomValue(r, depth + 1);
  return object;
}

/** A body as raw text: random JSON, or something that is not quite JSON at all. */
function randomBody(r: Random): string {
  switch (r.int(8)) {
    case 0:
      return "{nope";
    case 1:
      return `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
    case 2:
      return `{"a":${'{"a":'.repeat(2_000)}1${"}".repeat(2_000)}}`;
    case 3:
      return "\ufeff{}";
    case 4:
      return JSON.stringify({ email: "x@example.test", password: "a".repeat(300_000) });
    default:
      return JSON.stringify(randomValue(r));
  }
}

/** A path segment: an escaped nasty string, or a raw escape that is malformed or decodes to a NUL. */
function randomSegment(r: Random): string {
  if (r.next() < 0.2) return r.pick(["%zz", "%00", "%ED%A0%80", "%C0%AE%C0%AE", "%2e%2e", "%"]);
  try {
    return encodeURIComponent(r.pick(NASTY_STRINGS)) || "x";
  } catch {
    return "%ED%A0%80"; // A lone surrogate cannot be escaped; send the bytes it would be.
  }
}

function randomPath(r: Random, url: string): string {
  return url.replace(/:\w+/g, () => randomSegment(r));
}

function randomHeaders(r: Random, cookies: string[]): Record<string, string> {
  const headers: Record<string, string> = { origin: TEST_APP_URL };
  headers["content-type"] = r.pick([
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=latin1",
    "text/plain",
    "application/x-www-form-urlencoded",
    "",
  ]);
  const cookie = r.pick([...cookies, "", "portal_session=forged-token", "portal_session=%00%zz"]);
  if (cookie) headers.cookie = cookie;
  if (r.next() < 0.3) headers["if-none-match"] = r.pick(['"x"', "*", 'W/"1", "2"', "\u00ff"]);
  if (r.next() < 0.3) headers["accept-encoding"] = r.pick(["gzip", "br;q=0, *", "identity;q=0", "ü"]);
  return headers;
}

function expectSafeAnswer(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode < 400 || res.statusCode === 304) return;
  expect(res.headers["content-type"], what).toMatch(/application\/json/);
  const body = res.json();
  expect(body, what).toEqual({ error: expect.any(String) });
  expect(body.error, what).not.toMatch(/\n\s+at /);
}

// The app is built while the file is collected, so that each route is a test of its own: a slow
// machine stretches each route's few hundred milliseconds, never one test over every route.
const t: TestApp = await createTestApp({ env: { NODE_ENV: "development", SYNC_INTERVAL_MINUTES: "0" } });
const routes: DeclaredRoute[] = t.app.declaredRoutes().filter((route) => route.url.startsWith("/api"));
const cookies = [
  (await signedInUser(t.database.db, t.config)).cookie,
  (await signedInUser(t.database.db, t.config, { role: "admin" })).cookie,
];

/** A route's own seed: its cases stay the same whichever routes come before it. */
function seedFor(route: DeclaredRoute): number {
  let hash = SEED >>> 0;
  for (const char of route.url) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash;
}

describe(`malformed input on every route (FUZZ_SEED=${SEED})`, () => {
  afterAll(() => t.close());

  it("covers the API's routes", () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it.each(routes.map((route) => [`${route.methods.join(",")} ${route.url}`, route] as const))(
    "%s never answers 5xx, and always in the error shape",
    async (_name, route) => {
      const r = generator(seedFor(route));
      // Only this route's own lines: an error one route logs fails that route's test alone.
      const logged = t.logs().length;
      for (const method of route.methods.filter((m) => m !== "HEAD")) {
        for (let i = 0; i < CASES_PER_ROUTE; i++) {
          const url =
            randomPath(r, route.url) +
            (r.next() < 0.3 ? `?${r.pick(["a=%00", "x=%zz", "uid=1&uid=2"])}` : "");
          const body = method === "GET" ? undefined : randomBody(r);
          const res = await t.app.inject({
            method: method as "GET",
            url,
            headers: randomHeaders(r, cookies),
            remoteAddress: nextLoopbackIp(),
            ...(body === undefined ? {} : { payload: body }),
          });
          expectSafeAnswer(res, `${method} ${url.slice(0, 80)} body ${String(body).slice(0, 80)}`);
        }
      }
      expect(t.logs().slice(logged)).not.toContain('"level":50');
    },
  );
});
