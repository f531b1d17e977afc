/**
 * The portal's HTTP server, listening from the moment the database is migrated rather than once the
 * whole app is built (decision 078). Until start.ts hands it over to the app, it answers the
 * liveness probe (`GET /api/health`) itself, with the same check and shape as the app's route, and
 * holds every other request: those reach the app as soon as it is built, so a request that arrives
 * early waits a moment instead of being refused. A restart then drops no connection, and a probe
 * sees the process alive as soon as it is. Readiness (`/api/health/ready`) stays with the app: it
 * says "starting" until the app serves.
 *
 * Fastify is given this server through `serverFactory` (`adopt`), so every option and listener the
 * app sets applies to it, and it never listens itself.
 */
import { lookup } from "node:dns/promises";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { answerConnect, writeClientError } from "./client-error";

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** The liveness answer (features/health/check.ts): a status code and the JSON body. */
export type HealthCheck = () => Promise<{ statusCode: number; body: unknown }>;

/** As Fastify sets up the servers it creates (its defaults), and as app.ts configures it. */
const SERVER_OPTIONS: http.ServerOptions = { requireHostHeader: false, keepAliveTimeout: 72_000 };

export interface EarlyListener {
  /** Fastify's `serverFactory`: keeps the app's request handler, to be used once handed over. */
  adopt(handler: Handler): http.Server;
  /** Listens on `host` (each of its addresses for `localhost`, as Fastify does) and `port`. */
  listen(port: number, host: string, health: HealthCheck): Promise<void>;
  /** From now on every request, held or new, goes to the app. */
  handOver(): void;
  /** Where it listens, as Fastify words it: `http://127.0.0.1:3000`. */
  addresses(): string[];
  /** Stops accepting connections and drops idle keep-alive ones; resolves once all have ended. */
  close(): Promise<void>;
}

export function createEarlyListener(): EarlyListener {
  let appHandler: Handler | undefined;
  let handedOver = false;
  let health: HealthCheck | undefined;
  const held: [IncomingMessage, ServerResponse][] = [];

  const onRequest: Handler = (request, response) => {
    if (handedOver && appHandler) return appHandler(request, response);
    if (health && isLivenessProbe(request)) return void answerHealth(health, request, response);
    held.push([request, response]);
  };
  const servers = [newServer(onRequest)];

  return {
    adopt(handler) {
      appHandler = handler;
      return servers[0] as http.Server;
    },
    async listen(port, host, check) {
      health = check;
      const main = servers[0] as http.Server;
      await listenOn(main, port, host);
      if (host !== "localhost") return;
      // `localhost` may name both 127.0.0.1 and ::1; a browser may try either.
      const { address, port: bound } = main.address() as AddressInfo;
      const others = (await lookup(host, { all: true }).catch(() => [])).filter((a) => a.address !== address);
      for (const other of others) {
        const secondary = newServer(onRequest);
        // An address this machine cannot bind (no IPv6, say) is skipped, as Fastify skips it.
        if (
          await listenOn(secondary, bound, other.address).then(
            () => true,
            () => false,
          )
        )
          servers.push(secondary);
      }
    },
    handOver() {
      if (!appHandler) throw new Error("the app has not adopted the server");
      handedOver = true;
      for (const [request, response] of held.splice(0)) appHandler(request, response);
    },
    addresses() {
      return servers.map((server) => {
        const { address, family, port } = server.address() as AddressInfo;
        return `http://${family === "IPv6" ? `[${address}]` : address}:${port}`;
      });
    },
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeIdleConnections();
            }),
        ),
      );
    },
  };
}

function newServer(onRequest: Handler): http.Server {
  const server = http.createServer(SERVER_OPTIONS, onRequest);
  // As Fastify's own servers: no idle timeout of the socket, no limit on a request's duration.
  server.requestTimeout = 0;
  server.setTimeout(0);
  // Fastify adds its own handler to the server it adopts; these answer before it exists, and for
  // the secondary servers, the way it would (http/client-error.ts).
  server.on("clientError", answerEarlyClientError);
  server.on("connect", answerConnect);
  return server;
}

function listenOn(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host }, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** `GET /api/health` or `HEAD /api/health`, with or without a query; nothing else is answered early. */
function isLivenessProbe(request: IncomingMessage): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const url = request.url ?? "";
  const query = url.indexOf("?");
  return (query < 0 ? url : url.slice(0, query)) === "/api/health";
}

async function answerHealth(check: HealthCheck, request: IncomingMessage, response: ServerResponse) {
  const { statusCode, body } = await check();
  const json = JSON.stringify(body);
  response.writeHead(statusCode, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(json),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  response.end(request.method === "HEAD" ? undefined : json);
}

/** Fastify's handler (answerClientError) answers once it is added; until then, and on the secondary servers, this one. */
function answerEarlyClientError(this: http.Server, error: Error & { code?: string }, socket: Duplex) {
  if (this.listenerCount("clientError") === 1) writeClientError(error, socket);
}
