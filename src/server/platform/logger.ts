/**
 * Logger options for Fastify's pino. Requests are logged by method and path only (a query string
 * can carry a one-time token), cookies, authorization headers and anything that looks like a
 * password or secret are redacted wherever they appear in a log object, and errors are logged
 * without the values of a failed database statement (see log-errors.ts).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
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

/**
 * One line per request, written when it is answered: method, path, status and time, with the
 * request id. Files of the built client are not logged (a page load would be a screenful of them);
 * the arrival of a request is logged at debug level only. Errors are logged as Fastify does.
 */
export class OneLinePerRequest extends LogController {
  override isLogDisabled(request: FastifyRequest): boolean {
    return request.routeOptions?.config?.staticAsset === true;
  }
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, "incoming request");
  }
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) },
      "request completed",
    );
  }
}

/**
 * Readable lines for a person at a terminal (LOG_FORMAT=pretty): a request reads
 * `GET /api/user 200 4 ms`. Formatted in this process, without pino's worker thread, and loaded only
 * when asked for.
 */
export async function prettyLogStream(destination?: NodeJS.WritableStream): Promise<DestinationStream> {
  const { default: pretty } = await import("pino-pretty");
  return pretty({
    sync: true,
    ...(destination ? { destination } : {}),
    colorize: !destination && process.stdout.isTTY === true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId,req,res,responseTime",
    singleLine: true,
    messageFormat: (log, messageKey) => {
      const req = log.req as { method?: string; path?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      if (req && res && log.msg === "request completed") {
        return `${req.method} ${req.path} ${res.statusCode} ${log.responseTime} ms`;
      }
      return String(log[messageKey] ?? "");
    },
  });
}
