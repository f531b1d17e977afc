/**
 * Decision 013: the built client is served precompressed (brotli or gzip, as the browser accepts)
 * with hashed assets cached for good and index.html revalidated; documents carry the full set of
 * security headers and every other answer only what still protects it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preferredEncoding } from "../../../src/server/platform/plugins/client-app";
import { createTestApp, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

const ASSET = "console.log('the app');".repeat(50);
const INDEX = `<!doctype html><html lang="en"><title>Portal</title><div id=root></div>${"<!-- padding -->".repeat(20)}`;
// The build's copies of index.html in each language, for any path and for the paths whose first
// screen's chunks they also name (decisions 013 and 052).
const OTHER = INDEX.replace("<title>", '<script type="application/json" id="catalogue">{}</script><title>');
const DASHBOARD = OTHER.replace("<title>", '<link rel="modulepreload" href="/assets/dashboard.js"><title>');
const ACCOUNTS = OTHER.replace("<title>", '<link rel="modulepreload" href="/assets/accounts.js"><title>');
const GERMAN = (page: string) => page.replace('lang="en"', 'lang="de"');
const HTML_ONLY = ["permissions-policy", "referrer-policy", "x-frame-options", "cross-origin-opener-policy"];

function writeWithCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

describe("first load and lean responses", () => {
  let t: TestApp;
  let https: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "portal-client-"));
    mkdirSync(path.join(clientDir, "assets"));
    writeWithCopies(path.join(clientDir, "index.html"), INDEX);
    writeWithCopies(path.join(clientDir, "assets", "app-abc123.js"), ASSET);
    for (const [language, page] of [
      ["en", (text: string) => text],
      ["de", GERMAN],
    ] as const) {
      mkdirSync(path.join(clientDir, "first-screens", language, "accounts"), { recursive: true });
      writeWithCopies(path.join(clientDir, "first-screens", `${language}.html`), page(OTHER));
      writeWithCopies(path.join(clientDir, "first-screens", language, "dashboard.html"), page(DASHBOARD));
      writeWithCopies(
        path.join(clientDir, "first-screens", language, "accounts", "linkedin.html"),
        page(ACCOUNTS),
      );
    }
    copyFileSync(path.resolve("src/client/public/robots.txt"), path.join(clientDir, "robots.txt"));
    t = await createTestApp({ clientDir });
    https = await createTestApp({ clientDir, env: { APP_URL: "https://portal.example.com" } });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  describe("hashed assets", () => {
    it("answers brotli to a browser that accepts it, cached for good", async () => {
      const res = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
    });

    it("answers gzip to a browser that accepts only gzip", async () => {
      const res = await get("/assets/app-abc123.js", { "accept-encoding": "gzip" });
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(res.rawPayload).toString()).toBe(ASSET);
    });

    it("answers the file itself to a browser that accepts no compression", async () => {
      for (const headers of [{}, { "accept-encoding": "identity" }] as Record<string, string>[]) {
        const res = await get("/assets/app-abc123.js", headers);
        expect(res.headers["content-encoding"]).toBeUndefined();
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.body).toBe(ASSET);
      }
    });

    it("does not serve the compressed copies as files of their own", async () => {
      const res = await get("/assets/app-abc123.js.br");
      expect(res.headers["content-type"]).not.toMatch(/brotli|octet-stream/);
    });
  });

  describe("index.html", () => {
    it("answers every app path precompressed and revalidated on each visit", async () => {
      const pages: [string, string][] = [
        ["/", OTHER],
        ["/login", OTHER],
        ["/dashboard", DASHBOARD],
        ["/accounts/linkedin?status=x", ACCOUNTS],
      ];
      for (const [url, page] of pages) {
        const br = await get(url, { "accept-encoding": "gzip, br" });
        expect(br.statusCode, url).toBe(200);
        expect(br.headers["cache-control"], url).toBe("no-cache");
        expect(br.headers["content-encoding"], url).toBe("br");
        expect(br.headers.vary, url).toMatch(/accept-encoding/i);
        expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(page);

        const gz = await get(url, { "accept-encoding": "gzip" });
        expect(gz.headers["content-encoding"], url).toBe("gzip");
        expect(gunzipSync(gz.rawPayload).toString(), url).toBe(page);

        const plain = await get(url);
        expect(plain.headers["content-encoding"], url).toBeUndefined();
        expect(plain.headers["cache-control"], url).toBe("no-cache");
        expect(plain.body, url).toBe(page);
      }
    });

    it("sends a first screen's page for its exact path only, and never under a name of its own", async () => {
      for (const url of [
        "/dashboard/",
        "/Dashboard",
        "/%64ashboard",
        "/accounts",
        "/first-screens/en/dashboard.html",
        "/first-screens/en/dashboard",
        "/first-screens/de.html",
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(OTHER);
      }
    });

    it("speaks the language the browser picked or asks for, and says the answer varies with them", async () => {
      const cases: [Record<string, string>, string, string][] = [
        [{ "accept-language": "de-DE,de;q=0.9,en;q=0.5" }, "/dashboard", GERMAN(DASHBOARD)],
        [{ "accept-language": "de-AT" }, "/orders", GERMAN(OTHER)],
        [{ "accept-language": "en-GB", cookie: "language=de" }, "/accounts/linkedin", GERMAN(ACCOUNTS)],
        [{ "accept-language": "de", cookie: "language=en" }, "/dashboard", DASHBOARD],
        [{ "accept-language": "fr-FR" }, "/dashboard", DASHBOARD],
        [{ "accept-language": "de", cookie: "language=fr" }, "/login", GERMAN(OTHER)],
      ];
      for (const [headers, url, page] of cases) {
        const res = await get(url, headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(200);
        expect(res.body, JSON.stringify(headers)).toBe(page);
        expect(res.headers.vary).toMatch(/accept-language/i);
        expect(res.headers.vary).toMatch(/cookie/i);
      }
    });

    it("reads Accept-Encoding as browsers and proxies send it", () => {
      expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
      expect(preferredEncoding("br;q=0, gzip")).toBe("gzip");
      expect(preferredEncoding("gzip;q=0")).toBeUndefined();
      expect(preferredEncoding("*")).toBe("br");
      expect(preferredEncoding("*, br;q=0")).toBe("gzip");
      expect(preferredEncoding("identity")).toBeUndefined();
      expect(preferredEncoding(undefined)).toBeUndefined();
    });
  });

  it("answers /robots.txt as plain text that lets crawlers in but not into the API", async () => {
    const res = await get("/robots.txt");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    expect(res.body).toMatch(/^Disallow: \/api\/$/m);
  });

  describe("security headers", () => {
    it("sends documents the full set", async () => {
      const res = await get("/login");
      expect(String(res.headers["content-security-policy"])).toContain("script-src 'self';");
      expect(String(res.headers["content-security-policy"])).toContain("img-src 'self' data: https:");
      for (const header of HTML_ONLY) expect(res.headers[header], header).toBeTruthy();
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    });

    it("sends API answers only what protects them, however they end", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      for (const [url, headers] of [
        ["/api/health", {}],
        ["/api/user", { cookie }],
        ["/api/user", {}],
        ["/api/no-such-route", {}],
      ] as const) {
        const res = await get(url, headers);
        expect(res.headers["content-type"], url).toMatch(/application\/json/);
        for (const header of HTML_ONLY) expect(res.headers[header], `${url} ${header}`).toBeUndefined();
        expect(res.headers["x-content-type-options"], url).toBe("nosniff");
        expect(res.headers["cross-origin-resource-policy"], url).toBe("same-origin");
        expect(res.headers["cache-control"], url).toBe("no-store");
        const csp = String(res.headers["content-security-policy"]);
        expect(csp, url).toContain("default-src 'none'");
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).not.toContain("img-src");
        expect(res.headers["strict-transport-security"], url).toBeUndefined();
      }
    });

    it("keeps scripts and stylesheets as lean as the API", async () => {
      const res = await get("/assets/app-abc123.js", { "accept-encoding": "br" });
      for (const header of HTML_ONLY) expect(res.headers[header], header).toBeUndefined();
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    });

    it("adds HSTS to every answer over https", async () => {
      for (const url of ["/api/health", "/login", "/assets/app-abc123.js"]) {
        const res = await https.app.inject({ method: "GET", url });
        expect(res.headers["strict-transport-security"], url).toContain("max-age=31536000");
      }
    });
  });

  describe("the session check", () => {
    it("answers a signed-out browser 200 with no user, never a failure", async () => {
      const res = await get("/api/session");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null, viewing: null });
      expect(res.headers["cache-control"]).toBe("no-store");
    });

    it("answers a signed-in browser with the user GET /api/user returns", async () => {
      const { cookie } = await signedInUser(t.database.db, t.config);
      const session = await get("/api/session", { cookie });
      const user = await get("/api/user", { cookie });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toEqual({ user: user.json(), viewing: null });
    });
  });
});
