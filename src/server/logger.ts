/**
 * Logger options for Fastify's pino. Requests are logged by method and path only (a query string
 * can carry a one-time token), cookies, authorization headers and anything that looks like a
 * password or secret are redacted wherever they appear in a log object, and errors are logged
 * without the values of a failed database statement (see log-errors.ts).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyServerOptions } from "fastify";
import type { DestinationStream, LoggerOptions } from "pino";
import { serializeError } from "./log-errors";

const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.passwordHash",
  "*.token",
  "*.secret",
  "*.secretsKey",
  "*.linkedinPassword",
  "*.proxyPassword",
  "*.twoFaCode",
  "*.twoFaRecoveryCodes",
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: {
      err: serializeError,
      req(req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return { method: req.method, path: req.url.split("?")[0], remoteAddress: req.ip };
      },
    },
  };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Keeps a well-formed X-Request-Id from a proxy in front, so one id follows a request end to end. */
export function genReqId(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function fastifyLoggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyServerOptions["logger"] {
  return stream ? { ...loggerOptions(level), stream } : loggerOptions(level);
}
