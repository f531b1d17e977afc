/**
 * Routes that declare `config: { loopbackOnly: true }` (the development extras) answer only requests
 * from this machine; anyone else gets the same 404 as a path that does not exist. Decided from the
 * matched route's own declaration, like access, so no spelling of the path gets around it.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { errorTextFor, NO_API_ROUTE, NOT_FOUND } from "../http/errors";
import { isLoopbackClient } from "../http/loopback";
import { targetsApi } from "./client-app";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Answer only clients on this machine (a 404 elsewhere). */
    loopbackOnly?: boolean;
  }
}

export default fp(
  async function loopbackOnly(app: FastifyInstance) {
    app.addHook("onRequest", async (request, reply) => {
      if (!request.routeOptions.config.loopbackOnly || isLoopbackClient(request)) return;
      return reply
        .code(404)
        .send({ error: errorTextFor(request, targetsApi(request.url) ? NO_API_ROUTE : NOT_FOUND) });
    });
  },
  { name: "loopback-only" },
);
