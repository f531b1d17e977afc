/**
 * Gives every failure the same JSON shape, `{ "error": message }`. Client mistakes keep their 4xx
 * status and a readable message; anything unexpected is logged with the request id and answered
 * 500 "Internal error", so no stack trace or internal detail ever reaches a client. Every text
 * speaks the language of the answer (`replyLanguage`): English, or German.
 */
import type { I18n } from "@lingui/core";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { z } from "zod";
// By its own path: the bundled server has no `z.locales` (scripts/build/server-build-patches.mjs).
import de from "zod/v4/locales/de.js";
import { ERROR_PARTS_SEPARATOR, fieldMessage } from "../../../shared/api/errors";
import type { Language } from "../../../shared/i18n/languages";
import { HttpError, SignInAgainError } from "../http/errors";
import { StepUpRequiredError } from "../http/fresh-proof";
import { RateLimitedError } from "../http/rate-limiter";
import { type ServerMessage, say } from "../i18n/message";
import { replyLanguage } from "../i18n/reply-language";
import { sharedText } from "../i18n/shared-texts";
import { translatorFor } from "../i18n/translator";

interface ValidationIssue {
  instancePath: string;
  message?: string | undefined;
}

const INVALID_INPUT = /*i18n*/ { id: "validation.invalid-input", message: "Invalid input" };

/** zod's own messages in each language but English, which is zod's default. */
const ZOD_LOCALES: Partial<Record<Language, () => { localeError: z.core.$ZodErrorMap }>> = {
  de,
};

/**
 * The issues of a failed validation worded in a language other than English: the part of the
 * request that failed is checked again by its schema with zod's messages in that language (per
 * check, not zod's global configuration: answers in both languages are made at once). The schemas'
 * own messages win over the locale's, as they do in English. Null when the part cannot be checked
 * again, and the English issues are used.
 */
function issuesIn(
  language: Language,
  request: FastifyRequest,
  error: FastifyError,
  english: ValidationIssue[],
): ValidationIssue[] {
  const locale = ZOD_LOCALES[language];
  const part = error.validationContext;
  const schema = part
    ? (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part]
    : undefined;
  if (!locale || !(schema instanceof z.ZodType)) return english;
  const data =
    part === "body"
      ? request.body
      : part === "querystring"
        ? request.query
        : part === "params"
          ? request.params
          : request.headers;
  const result = schema.safeParse(data, { error: locale().localeError });
  if (result.success || result.error.issues.length !== english.length) return english;
  return result.error.issues.map((issue) => ({
    instancePath: `/${issue.path.join("/")}`,
    message: issue.message,
  }));
}

/** A schema's message in the translator's language when the server's catalogue has it; zod's own as it is. */
function sayIssue(translator: I18n, message: string | undefined): string {
  if (message === undefined) return say(translator, INVALID_INPUT);
  const known = sharedText(message);
  return known ? say(translator, known) : message;
}

function describeValidation(
  request: FastifyRequest,
  error: FastifyError & { validation: ValidationIssue[] },
): string {
  const language = replyLanguage(request);
  const translator = translatorFor(language);
  const issues = language === "en" ? error.validation : issuesIn(language, request, error, error.validation);
  return issues
    .map((issue) => {
      const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
      const message =
        language === "en" ? (issue.message ?? "Invalid input") : sayIssue(translator, issue.message);
      return field ? fieldMessage(field, message) : message;
    })
    .join(ERROR_PARTS_SEPARATOR);
}

const BAD_REQUEST = /*i18n*/ { id: "error.bad-request", message: "Bad request" };
const BODY_TOO_LARGE = /*i18n*/ { id: "error.body-too-large", message: "The body is too large" };
const NOT_JSON = /*i18n*/ { id: "error.body-not-json", message: "The body is not valid JSON" };
const ONLY_JSON = /*i18n*/ { id: "error.only-json", message: "Only JSON bodies are accepted" };

/**
 * Fastify's own client errors, answered with a fixed message each: theirs quote the URL, a header
 * or the body back to the client.
 */
const FRAMEWORK_MESSAGES: Record<string, ServerMessage> = {
  FST_ERR_BAD_URL: /*i18n*/ { id: "error.url-malformed", message: "The URL is malformed" },
  FST_ERR_MAX_PARAM_LENGTH: /*i18n*/ {
    id: "error.url-part-too-long",
    message: "A part of the URL is too long",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ONLY_JSON,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: /*i18n*/ {
    id: "error.content-length-mismatch",
    message: "The body's length does not match its Content-Length",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: BODY_TOO_LARGE,
  FST_ERR_CTP_EMPTY_JSON_BODY: /*i18n*/ { id: "error.body-empty", message: "The JSON body is empty" },
  FST_ERR_CTP_INVALID_JSON_BODY: NOT_JSON,
  FST_ERR_CTP_EMPTY_TYPE: /*i18n*/ {
    id: "error.content-type-empty",
    message: "The Content-Type header is empty",
  },
  FST_ERR_CTP_INVALID_TYPE: /*i18n*/ {
    id: "error.content-type-invalid",
    message: "The Content-Type header is invalid",
  },
  FST_ERR_BAD_STATUS_CODE: BAD_REQUEST,
};

const STATUS_MESSAGES: Record<number, ServerMessage> = {
  400: BAD_REQUEST,
  413: BODY_TOO_LARGE,
  414: /*i18n*/ { id: "error.url-too-long", message: "The URL is too long" },
  415: ONLY_JSON,
};

function clientErrorMessage(error: FastifyError, status: number): ServerMessage {
  const known = error.code ? FRAMEWORK_MESSAGES[error.code] : undefined;
  if (known) return known;
  // The JSON parser's own message quotes the body back; the client has its body already.
  if (error instanceof SyntaxError) return NOT_JSON;
  return STATUS_MESSAGES[status] ?? BAD_REQUEST;
}

const INTERNAL_ERROR = /*i18n*/ { id: "error.internal", message: "Internal error" };

/**
 * Fastify's `frameworkErrors`: router errors in the same shape as every other error. They are
 * answered before any hook runs, so the headers a JSON error needs are set here; the language is the
 * one the browser asks for, as nobody is signed in yet.
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
  reply
    .code(status)
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "no-store")
    .send({ error: say(translatorFor(replyLanguage(request)), clientErrorMessage(error, status)) });
}

export default fp(
  async function errorShape(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ error: describeValidation(request, error) });
      }
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
      if (error instanceof StepUpRequiredError) {
        // Tells the app to ask for a fresh proof and then repeat the request (decision 023).
        return reply.code(403).send({
          error: error.textIn(replyLanguage(request)),
          stepUp: true,
          ...(error.secondFactor ? { secondFactor: true } : {}),
        });
      }
      if (error instanceof SignInAgainError) {
        return reply.code(401).send({ error: error.textIn(replyLanguage(request)), signInAgain: true });
      }
      if (error instanceof HttpError) {
        return reply.code(error.statusCode).send({ error: error.textIn(replyLanguage(request)) });
      }
      const status = error.statusCode ?? 500;
      const translator = translatorFor(replyLanguage(request));
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: malformed JSON, unsupported media type, body too large, ...
        return reply.code(status).send({ error: say(translator, clientErrorMessage(error, status)) });
      }
      request.log.error({ err: error }, "unhandled error");
      return reply.code(500).send({ error: say(translator, INTERNAL_ERROR) });
    });
  },
  { name: "error-shape" },
);
