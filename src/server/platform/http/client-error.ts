/**
 * Answers the requests Node's HTTP parser refuses before Fastify sees them (a request line that is
 * not HTTP, a target that is not a path, headers or a query string over the size limit, a request
 * that never finished arriving) in the API's error shape, `{ "error": message }`. Fastify's default
 * answer has a shape of its own, and Node's has no body at all.
 *
 * Nothing of the request is logged or quoted back: the parser's error carries the raw bytes it
 * refused, which hold the query string (a one-time token, say) and the headers (the session cookie).
 */
import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { errorTextFor } from "./errors";

interface ClientErrorAnswer {
  status: number;
  message: string;
}

/** The parser's error codes with an answer of their own; anything else is a malformed request. */
const ANSWERS: Record<string, ClientErrorAnswer> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: "The request did not arrive in time" },
  HPE_HEADER_OVERFLOW: { status: 431, message: "The URL or the headers are too large" },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, message: "The body is too large" },
  HPE_INVALID_URL: { status: 400, message: "The URL is malformed" },
};
const MALFORMED: ClientErrorAnswer = { status: 400, message: "The request is malformed" };

export function clientErrorAnswer(code: string | undefined): ClientErrorAnswer {
  return (code && ANSWERS[code]) || MALFORMED;
}

/** A whole error answer as it goes on the wire; the connection closes after it. */
export function rawErrorResponse({ status, message }: ClientErrorAnswer): string {
  const body = JSON.stringify({ error: message });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "X-Content-Type-Options: nosniff",
    "Connection: close",
    "",
    body,
  ].join("\r\n");
}

export function clientErrorResponse(code: string | undefined): string {
  return rawErrorResponse(clientErrorAnswer(code));
}

type SocketWithMessage = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * Fastify's `clientErrorHandler` (called with the Fastify instance as `this`). Like Node's own
 * handler, it writes an answer only when no answer has started on the connection: bytes written in
 * the middle of another response would corrupt it for the client.
 */
export function answerClientError(
  this: { log: FastifyBaseLogger },
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A connection reset or an already closed socket leaves no one to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  // Usually a scanner or a broken proxy, not the portal's problem: the code only, never the bytes.
  this.log.debug({ code: error.code }, "client error");
  writeClientError(error, socket);
}

/** The answer itself, for a server with no log to write to yet (http/early-listener.ts). */
export function writeClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const inFlight = (socket as SocketWithMessage)._httpMessage;
  if (socket.writable && !inFlight?.headersSent) socket.write(clientErrorResponse(error.code));
  socket.destroy();
}

/**
 * The server's `connect` listener. Without one Node closes the connection without a word; the
 * portal is not a proxy, so a CONNECT gets a 405 in the error shape instead.
 */
export function answerConnect(_request: IncomingMessage, socket: Duplex): void {
  if (socket.writable) socket.write(rawErrorResponse({ status: 405, message: "The portal is not a proxy" }));
  socket.destroy();
}

/**
 * An HTTP/1.1 request must name its Host. Node refuses one without it with an empty 400 of its own,
 * so that check is turned off at the server (`requireHostHeader: false`) and made here instead, as
 * the first hook of every request, to answer in the error shape.
 */
export async function refuseMissingHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.raw.httpVersion === "1.1" && request.headers.host === undefined) {
    reply.header("cache-control", "no-store").header("connection", "close");
    await reply.code(400).send({
      error: errorTextFor(
        request,
        /*i18n*/ { id: "error.host-missing", message: "The Host header is missing" },
      ),
    });
  }
}
