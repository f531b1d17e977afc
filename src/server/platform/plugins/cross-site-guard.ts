/**
 * Refuses state-changing requests that do not come from the portal's own pages: the Origin header
 * (or, where a browser omits it, the Referer) must be the portal's public origin; `Origin: null` is
 * another site's, whatever the Referer says. Together with SameSite=Lax cookies and JSON-only bodies
 * this closes cross-site request forgery. It applies to every route that matched, whatever the
 * spelling of its path; a route that must accept calls from elsewhere (a payment provider's webhook)
 * opts out with `config: { crossSite: true }`. Reads (GET, HEAD, OPTIONS) change nothing and pass.
 *
 * Outside production the portal's own port on this machine's loopback names (localhost, 127.0.0.1,
 * [::1]) is the portal too: a newcomer who opens the address the log prints, by any of those names,
 * can sign in. In production only the public origin is.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { errorTextFor } from "../http/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string): string | undefined {
  return URL.canParse(value) ? new URL(value).origin : undefined;
}

/**
 * Where the request says it comes from. An Origin header, when sent, is the whole answer. A browser
 * sends `Origin: null` from sandboxed frames, data: and file: pages, and after a redirect through
 * another site, when the Referer can still be the portal page the request started from; none of
 * them is the portal's own request. Only a request without Origin falls back to its Referer, and a
 * header that cannot be read as a URL names no origin at all.
 */
function requestOrigin(headers: { origin?: string; referer?: string }): string | undefined {
  if (headers.origin !== undefined) return originOf(headers.origin);
  return headers.referer === undefined ? undefined : originOf(headers.referer);
}

/** The origins whose state-changing requests are the portal's own. */
export function portalOrigins(config: Pick<Config, "appUrl" | "isProduction" | "port">): Set<string> {
  const origins = new Set([new URL(config.appUrl).origin]);
  if (!config.isProduction) {
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) origins.add(`http://${host}:${config.port}`);
  }
  return origins;
}

export default fp(
  async function crossSiteGuard(app: FastifyInstance, opts: { config: Config }) {
    const allowed = portalOrigins(opts.config);
    app.addHook("onRequest", async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      // No route matched: the not-found handler changes nothing and answers 404.
      if (request.is404 || request.routeOptions.config.crossSite) return;
      const origin = requestOrigin(request.headers);
      if (origin === undefined || !allowed.has(origin)) {
        return reply.code(403).send({
          error: errorTextFor(
            request,
            /*i18n*/ { id: "error.cross-site", message: "Cross-site request refused" },
          ),
        });
      }
    });
  },
  { name: "cross-site-guard" },
);
