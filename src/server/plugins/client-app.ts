/**
 * Serves the built React app: hashed assets under /assets with long caching, and index.html for
 * every other path outside /api so that client-side routes survive a reload. Unknown /api paths
 * answer 404 in the API's JSON shape.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export default fp(
  async function clientApp(app: FastifyInstance, opts: { distDir: string }) {
    const indexPath = path.join(opts.distDir, "index.html");
    const hasBuild = existsSync(indexPath);
    const indexHtml = hasBuild ? readFileSync(indexPath) : undefined;

    if (hasBuild) {
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
      const url = request.url;
      if (url === "/api" || url.startsWith("/api/") || url.startsWith("/api?")) {
        return reply.code(404).send({ error: `No API route ${request.method} ${url.split("?")[0]}` });
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
