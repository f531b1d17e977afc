import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema, readinessSchema } from "../../../shared/api/health";
import type { DatabaseHandle } from "../../db/client";
import type { Readiness } from "../../readiness";

const HEALTH_QUERY_TIMEOUT_MS = 2_000;

const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; readiness: Readiness }> = async (
  app,
  { database, readiness },
) => {
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        summary: "Health of the server and its database",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        const latencyMs = await withTimeout(database.ping(), HEALTH_QUERY_TIMEOUT_MS);
        return { status: "ok" as const, database: { kind: database.kind, state: "up" as const, latencyMs } };
      } catch (err) {
        request.log.warn({ err }, "database health check failed");
        return reply
          .code(503)
          .send({ status: "degraded", database: { kind: database.kind, state: "down", latencyMs: null } });
      }
    },
  );

  app.get(
    "/api/health/ready",
    {
      config: { access: "public" },
      schema: {
        summary: "Whether this instance can serve a sign-in",
        description:
          "Readiness for a load balancer or an orchestrator: true once the migrations have run and a new embedded database's demo data is in, false again from the moment a stop begins. `/api/health` is the liveness answer.",
        response: {
          200: readinessSchema.describe("Ready: sign-ins are served."),
          503: readinessSchema.describe(
            "Not ready: still starting, stopping, or the database does not answer.",
          ),
        },
      },
    },
    async (request, reply) => {
      if (readiness.state !== "ready") return reply.code(503).send({ ready: false, reason: readiness.state });
      try {
        await withTimeout(database.ping(), HEALTH_QUERY_TIMEOUT_MS);
        return { ready: true, reason: null };
      } catch (err) {
        request.log.warn({ err }, "database readiness check failed");
        return reply.code(503).send({ ready: false, reason: "database-down" as const });
      }
    },
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export default healthRoutes;
