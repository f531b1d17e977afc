/**
 * Gives every failure the same JSON shape, `{ "error": message }`. Client mistakes keep their 4xx
 * status and a readable message; anything unexpected is logged with the request id and answered
 * 500 "Internal error", so no stack trace or internal detail ever reaches a client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ERROR_PARTS_SEPARATOR, fieldMessage } from "../../shared/api/errors";
import { HttpError } from "../http/errors";
import { StepUpRequiredError } from "../http/fresh-proof";
import { RateLimitedError } from "../http/rate-limiter";

function describeValidation(issues: Array<{ instancePath: string; message?: string | undefined }>): string {
  return issues
    .map((issue) => {
      const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
      const message = issue.message ?? "Invalid input";
      return field ? fieldMessage(field, message) : message;
    })
    .join(ERROR_PARTS_SEPARATOR);
}

/**
 * Fastify's own client errors, answered with a fixed message each: theirs quote the URL, a header
 * or the body back to the client.
 */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: "The URL is malformed",
  FST_ERR_MAX_PARAM_LENGTH: "A part of the URL is too long",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Only JSON bodies are accepted",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The body's length does not match its Content-Length",
  FST_ERR_CTP_BODY_TOO_LARGE: "The body is too large",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The JSON body is empty",
  FST_ERR_CTP_INVALID_JSON_BODY: "The body is not valid JSON",
  FST_ERR_CTP_EMPTY_TYPE: "The Content-Type header is empty",
  FST_ERR_CTP_INVALID_TYPE: "The Content-Type header is invalid",
  FST_ERR_BAD_STATUS_CODE: "Bad request",
};

const STATUS_MESSAGES: Record<number, string> = {
  400: "Bad request",
  413: "The body is too large",
  414: "The URL is too long",
  415: "Only JSON bodies are accepted",
};

function clientErrorMessage(error: FastifyError, status: number): string {
  if (error.code && FRAMEWORK_MESSAGES[error.code]) return FRAMEWORK_MESSAGES[error.code] as string;
  // The JSON parser's own message quotes the body back; the client has its body already.
  if (error instanceof SyntaxError) return "The body is not valid JSON";
  return STATUS_MESSAGES[status] ?? "Bad request";
}

/**
 * Fastify's `frameworkErrors`: router errors in the same shape as every other error. They are
 * answered before any hook runs, so the headers a JSON error needs are set here.
 */
export function answerRouterError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
  reply
    .code(status)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "no-store")
    .send({ error: clientErrorMessage(error, status) });
}

export default fp(
  async function errorShape(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ error: describeValidation(error.validation) });
      }
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
      if (error instanceof StepUpRequiredError) {
        // Tells the app to ask for a fresh proof and then repeat the request (decision 023).
        return reply.code(403).send({ error: error.message, stepUp: true });
      }
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send({ error: error.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: malformed JSON, unsupported media type, body too large, ...
        return reply.code(status).send({ error: clientErrorMessage(error, status) });
      }
      request.log.error({ err: error }, "unhandled error");
      return reply.code(500).send({ error: "Internal error" });
    });
  },
  { name: "error-shape" },
);
