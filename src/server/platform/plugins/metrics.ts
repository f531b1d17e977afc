/**
 * `/metrics` in Prometheus' text format, and the timing of every request for it. Reachable with
 * `Authorization: Bearer <METRICS_TOKEN>`, or from this machine without a proxy in between (a proxy
 * on this machine that the portal does not trust would otherwise make every client look local).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { z } from "zod";
import { errorBodySchema } from "../../../shared/api/errors";
import type { Config } from "../config";
import type { Database, DatabaseChanges } from "../db/database";
import { isLoopbackClient } from "../http/loopback";
import { MEDIA_TYPE_KEY } from "../http/responses";
import { createMetrics, type Metrics } from "../metrics/metrics";

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest();

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7) : undefined;
}

export default fp(
  async function metrics(
    app: FastifyInstance,
    opts: { config: Config; db: Database; changes: DatabaseChanges },
  ) {
    const { config } = opts;
    const metrics = createMetrics(opts.db, opts.changes);
    app.decorate("metrics", metrics);
    const expected = config.metricsToken ? digest(config.metricsToken) : undefined;

    /** A caller on this machine that no proxy speaks for, or one that holds the token. */
    function mayRead(request: FastifyRequest): boolean {
      const token = bearerToken(request);
      if (expected && token !== undefined) return timingSafeEqual(digest(token), expected);
      const proxied =
        request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined;
      return isLoopbackClient(request) && (config.trustProxy !== false || !proxied);
    }

    app.addHook("onResponse", async (request, reply) => {
      metrics.requestDuration.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? "(no route)",
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    app.get(
      "/metrics",
      {
        config: { access: "public" },
        schema: {
          summary: "Metrics for Prometheus",
          description:
            "Request durations by route and status and webhook events by type and result (this instance); sign-in failures, sync runs and records, and the outbox's backlog and oldest age (the whole portal, read from the database). With `Authorization: Bearer <METRICS_TOKEN>`, or from this machine.",
          response: {
            200: z.string().meta({
              description: "The metrics in Prometheus' text exposition format.",
              [MEDIA_TYPE_KEY]: "text/plain",
            }),
            401: errorBodySchema.describe("Neither the metrics token nor a caller on this machine."),
          },
        },
      },
      async (request, reply) => {
        if (!mayRead(request)) {
          return reply
            .code(401)
            .header("www-authenticate", 'Bearer realm="metrics"')
            .send({ error: "The metrics need the metrics token" });
        }
        const text = await metrics.registry.metrics();
        return reply.type(metrics.registry.contentType).send(text);
      },
    );
  },
  { name: "metrics" },
);
