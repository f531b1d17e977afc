/**
 * Serves the built React app: hashed assets under /assets with long caching, and index.html for
 * every other path outside /api so that client-side routes survive a reload. A request for the API
 * that matched no route answers 404 in the API's JSON shape, however its path is spelled.
 */
import { existsSync, readFileSync } from "node:fs";
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

export default fp(
  async function clientApp(app: FastifyInstance, opts: { distDir: string }) {
    const indexPath = path.join(opts.distDir, "index.html");
    const hasBuild = existsSync(indexPath);
    const indexHtml = hasBuild ? readFileSync(indexPath) : undefined;

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
      if ((request.method === "GET" || request.method === "HEAD") && indexHtml) {
        return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(indexHtml);
      }
      if (!indexHtml && request.method === "GET") {
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
