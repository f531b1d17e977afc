import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthSchema, readinessSchema } from "../../../shared/api/health";
import type { DatabaseHandle } from "../../platform/db/database";
import type { Readiness } from "../../platform/readiness";
import { checkHealth, pingInTime } from "./check";

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
      const { statusCode, body } = await checkHealth(database, (err) =>
        request.log.warn({ err }, "database health check failed"),
      );
      return reply.code(statusCode).send(body);
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
        await pingInTime(database);
        return { ready: true, reason: null };
      } catch (err) {
        request.log.warn({ err }, "database readiness check failed");
        return reply.code(503).send({ ready: false, reason: "database-down" as const });
      }
    },
  );
};

export default healthRoutes;
