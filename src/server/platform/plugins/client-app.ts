/**
 * Serves the built React app: hashed assets under /assets with long caching, and index.html for
 * every other path outside /api so that client-side routes survive a reload. A path whose first
 * screen the build knows gets its own copy of index.html, which names that screen's chunks so they
 * load with the entry (first-screens/, decision 013), in the language the browser asks for, whose
 * messages it carries (decision 052). A request for the API that matched no route
 * answers 404 in the API's JSON shape, however its path is spelled. The build writes a brotli and a
 * gzip copy next to every compressible file (decision 013); the copy the browser accepts is sent as
 * it is, so no answer is compressed while the browser waits.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../../shared/i18n/languages";
import { errorTextFor, NO_API_ROUTE, NOT_FOUND } from "../http/errors";
import { askedLanguage } from "../i18n/asked-language";

/**
 * Whether a request target names the API, read the way a router or a proxy might: the origin of an
 * absolute-form target dropped, percent-encoding decoded, repeated slashes collapsed, dot segments
 * resolved, any case.
 */
export function targetsApi(url: string): boolean {
  let pathname = url.split("?")[0] ?? "";
  if (!pathname.startsWith("/")) {
    try {
      pathname = new URL(pathname).pathname;
    } catch {
      return true; // Not a path at all: never worth the app's HTML.
    }
  }
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape stays as sent; the router refuses those before this is reached.
  }
  const resolved = new URL(decoded.replace(/\/{2,}/g, "/"), "http://portal.invalid").pathname;
  return /^\/api(\/|$)/i.test(resolved);
}

type Encoding = "br" | "gzip";

/**
 * The precompressed copy to send for an Accept-Encoding header: brotli when accepted, then gzip,
 * else none. A coding listed with q=0 is refused; `*` accepts both.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : (acceptEncoding ?? "");
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get("*") ?? 0;
  const allows = (coding: Encoding) => (accepted.get(coding) ?? wildcard) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return undefined;
}

type Page = { identity: Buffer; br?: Buffer; gzip?: Buffer };

/** A page as built, with its precompressed copies when the build made them. */
function readPage(pagePath: string): Page {
  const copy = (suffix: string) =>
    existsSync(pagePath + suffix) ? readFileSync(pagePath + suffix) : undefined;
  return { identity: readFileSync(pagePath), br: copy(".br"), gzip: copy(".gz") };
}

// Where the build's scripts/build/first-screen-preloads.ts writes the first screens' pages.
const FIRST_SCREENS_DIR = "first-screens";

/** The pages of one language: one per path the build knows the first screen of, and the rest's. */
interface LanguagePages {
  byPath: Map<string, Page>;
  other: Page;
}

/**
 * The build's pages in each language: first-screens/de/accounts/linkedin.html is the page of
 * /accounts/linkedin in German, first-screens/de.html that of every other path. Matched on the exact
 * path; any other spelling gets the language's other page, which loads the same screen a round trip
 * later. A build without them (or without a language) has index.html say everything, in English.
 */
function readFirstScreens(distDir: string, index: Page): Map<Language, LanguagePages> {
  const languages = new Map<Language, LanguagePages>();
  for (const language of LANGUAGES) {
    const root = path.join(distDir, FIRST_SCREENS_DIR, language);
    const other = path.join(distDir, FIRST_SCREENS_DIR, `${language}.html`);
    if (!existsSync(other)) continue;
    const byPath = new Map<string, Page>();
    const files = existsSync(root) ? readdirSync(root, { recursive: true, encoding: "utf8" }) : [];
    for (const file of files) {
      if (!file.endsWith(".html")) continue;
      const pathname = `/${file.slice(0, -".html".length).split(path.sep).join("/")}`;
      byPath.set(pathname, readPage(path.join(root, file)));
    }
    languages.set(language, { byPath, other: readPage(other) });
  }
  if (!languages.has(DEFAULT_LANGUAGE)) languages.set(DEFAULT_LANGUAGE, { byPath: new Map(), other: index });
  return languages;
}

export default fp(
  async function clientApp(app: FastifyInstance, opts: { distDir: string }) {
    const indexPath = path.join(opts.distDir, "index.html");
    const hasBuild = existsSync(indexPath);
    const index = hasBuild ? readPage(indexPath) : undefined;
    const pages = index ? readFirstScreens(opts.distDir, index) : new Map<Language, LanguagePages>();

    if (hasBuild) {
      // The static plugin registers one route per file and takes no route config: declare them here.
      app.addHook("onRoute", (route) => {
        if (route.config && "file" in route.config) {
          route.config = { ...route.config, access: "public", staticAsset: true };
        }
      });
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // Sends file.br or file.gz in place of file when the browser accepts it, with Vary.
        preCompressed: true,
        // The first screens' pages are sent for their paths, never under a name of their own.
        globIgnore: ["**/*.br", "**/*.gz", `${FIRST_SCREENS_DIR}/**`],
        setHeaders(reply, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      if (targetsApi(request.url)) {
        return reply.code(404).send({
          error: errorTextFor(request, NO_API_ROUTE),
        });
      }
      if ((request.method === "GET" || request.method === "HEAD") && index) {
        // Revalidated on every visit: it names the hashed assets of the build being served. It speaks
        // the language the browser asks for, by its language cookie or its Accept-Language.
        reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-cache")
          .header("vary", "accept-encoding, accept-language, cookie");
        const language = pages.get(askedLanguage(request) ?? DEFAULT_LANGUAGE) ?? pages.get(DEFAULT_LANGUAGE);
        const page = language?.byPath.get(request.url.split("?")[0] ?? "") ?? language?.other ?? index;
        const encoding = preferredEncoding(request.headers["accept-encoding"]);
        const body = encoding ? page[encoding] : undefined;
        if (encoding && body) return reply.header("content-encoding", encoding).send(body);
        return reply.send(page.identity);
      }
      if (!index && request.method === "GET") {
        return reply
          .code(503)
          .type("text/plain; charset=utf-8")
          .send("The web app has not been built. Run `npm run build`, then start the server again.");
      }
      return reply.code(404).send({ error: errorTextFor(request, NOT_FOUND) });
    });
  },
  { name: "client-app" },
);
