/**
 * The API reference: `GET /api/openapi.json` (OpenAPI 3.1) generated from the zod schemas the routes
 * validate with, each operation marked with the access its route declares, and `GET /api/docs`, the
 * same document as a plain page rendered here (no script, nothing loaded from elsewhere, nothing added
 * to the app's bundle). Registered before the routes, so that it sees every one.
 */
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { Config } from "../config";
import { renderApiDocs } from "../http/api-docs-page";

export const ACCESS_DESCRIPTIONS = {
  public: "Anyone, signed in or not.",
  user: "A signed-in user (the session cookie).",
  admin: "A signed-in administrator.",
} as const;

export default fp(
  async function apiReference(app: FastifyInstance, opts: { config: Config }) {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Customer portal API",
          version: "1",
          description:
            'Every error answer is `{ "error": message }`. State-changing calls must come from the portal\'s own origin (Origin or, without one, Referer; `Origin: null` is refused) and carry a JSON body. A request the server cannot read is refused before any route, whatever its path: 400 (malformed, or HTTP/1.1 without Host), 408 (not arrived in time), 413, 414 or 431 (the URL or headers too large).',
        },
        servers: [{ url: opts.config.appUrl }],
        components: {
          securitySchemes: {
            session: { type: "apiKey", in: "cookie", name: opts.config.session.cookieName },
          },
        },
      },
      transform(input) {
        const access = input.route.config?.access;
        // Only the JSON API is described; the app's pages and files are not part of it.
        if (!input.url.startsWith("/api/") || access === undefined) {
          return { schema: { ...input.schema, hide: true }, url: input.url };
        }
        const { schema, url } = jsonSchemaTransform(input);
        const area = url.split("/")[2] ?? "api";
        return {
          url,
          schema: {
            ...schema,
            tags: [area],
            description: [schema?.description, `Access: ${ACCESS_DESCRIPTIONS[access]}`]
              .filter(Boolean)
              .join(" "),
            security: access === "public" ? [] : [{ session: [] }],
            "x-access": access,
          },
        };
      },
    });

    app.get("/api/openapi.json", { config: { access: "public" } }, async (_request, reply) =>
      reply.header("cache-control", "no-cache").send(app.swagger()),
    );
    let page: string | undefined;
    app.get("/api/docs", { config: { access: "public" } }, async (_request, reply) => {
      page ??= renderApiDocs(app.swagger() as never);
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page);
    });
  },
  { name: "api-reference", dependencies: ["session"] },
);
