/**
 * Refuses state-changing requests that do not come from the portal's own pages: the Origin header
 * (or, where a browser omits it, the Referer) must be the portal's public origin. Together with
 * SameSite=Lax cookies and JSON-only bodies this closes cross-site request forgery. It applies to
 * every route that matched, whatever the spelling of its path; a route that must accept calls from
 * elsewhere (a payment provider's webhook) opts out with `config: { crossSite: true }`.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

export default fp(
  async function crossSiteGuard(app: FastifyInstance, opts: { config: Config }) {
    const allowed = new URL(opts.config.appUrl).origin;
    app.addHook("onRequest", async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      // No route matched: the not-found handler changes nothing and answers 404.
      if (request.is404 || request.routeOptions.config.crossSite) return;
      const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
      if (origin !== allowed) {
        return reply.code(403).send({ error: "Cross-site request refused" });
      }
    });
  },
  { name: "cross-site-guard" },
);
