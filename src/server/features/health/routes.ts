import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema } from "../../../shared/api/health";
import type { DatabaseHandle } from "../../db/client";

const HEALTH_QUERY_TIMEOUT_MS = 2_000;

const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
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
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export default healthRoutes;
