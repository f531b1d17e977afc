/**
 * Serves the built React app: hashed assets under /assets with long caching, and index.html for
 * every other path outside /api so that client-side routes survive a reload. A path whose first
 * screen the build knows gets its own copy of index.html, which names that screen's chunks so they
 * load with the entry (first-screens/, decision 013). A request for the API that matched no route
 * answers 404 in the API's JSON shape, however its path is spelled. The build writes a brotli and a
 * gzip copy next to every compressible file (decision 013); the copy the browser accepts is sent as
 * it is, so no answer is compressed while the browser waits.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

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

// Where the build's scripts/first-screen-preloads.ts writes the first screens' pages.
const FIRST_SCREENS_DIR = "first-screens";

/**
 * The build's page for each path it knows the first screen of: first-screens/accounts/linkedin.html
 * is the page of /accounts/linkedin. Matched on the exact path; any other spelling gets index.html,
 * which loads the same screen a round trip later.
 */
function readFirstScreens(distDir: string): Map<string, Page> {
  const pages = new Map<string, Page>();
  const root = path.join(distDir, FIRST_SCREENS_DIR);
  if (!existsSync(root)) return pages;
  for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".html")) continue;
    const pathname = `/${file.slice(0, -".html".length).split(path.sep).join("/")}`;
    pages.set(pathname, readPage(path.join(root, file)));
  }
  return pages;
}

export default fp(
  async function clientApp(app: FastifyInstance, opts: { distDir: string }) {
    const indexPath = path.join(opts.distDir, "index.html");
    const hasBuild = existsSync(indexPath);
    const index = hasBuild ? readPage(indexPath) : undefined;
    const firstScreens = hasBuild ? readFirstScreens(opts.distDir) : new Map<string, Page>();

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
        return reply.code(404).send({ error: "No API route matches this request" });
      }
      if ((request.method === "GET" || request.method === "HEAD") && index) {
        // Revalidated on every visit: it names the hashed assets of the build being served.
        reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-cache")
          .header("vary", "accept-encoding");
        const page = firstScreens.get(request.url.split("?")[0] ?? "") ?? index;
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
      return reply.code(404).send({ error: "Not found" });
    });
  },
  { name: "client-app" },
);
