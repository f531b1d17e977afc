/**
 * Gives every failure the same JSON shape, `{ "error": message }`. Client mistakes keep their 4xx
 * status and a readable message; anything unexpected is logged with the request id and answered
 * 500 "Internal error", so no stack trace or internal detail ever reaches a client.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "./http-error";
import { RateLimitedError } from "./rate-limiter";

function describeValidation(issues: Array<{ instancePath: string; message?: string | undefined }>): string {
  return issues
    .map((issue) => {
      const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
      return field ? `${field}: ${issue.message ?? "Invalid input"}` : (issue.message ?? "Invalid input");
    })
    .join("; ");
}

export default fp(
  async function errorShape(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ error: describeValidation(error.validation) });
      }
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send({ error: error.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: malformed JSON, unsupported media type, body too large, ...
        return reply.code(status).send({ error: error.message });
      }
      request.log.error({ err: error }, "unhandled error");
      return reply.code(500).send({ error: "Internal error" });
    });
  },
  { name: "error-shape" },
);
