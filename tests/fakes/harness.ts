/** What every fake of an outside service shares, so each fails the same ways (429, 5xx, slow, never, garbage) and closes cleanly. */
import http from "node:http";
import type { AddressInfo, Server, Socket } from "node:net";

// ---------------------------------------------------------------------------------------------
// For any fake, HTTP or not: a free loopback port, a record list and a queue of faults.

export interface LoopbackListener {
  port: number;
  /** Stops accepting, destroys every socket still open (held, slow or idle) and waits for the server. */
  close(): Promise<void>;
}

/**
 * Listens on a free port of 127.0.0.1 and keeps the sockets it accepts, so that close() ends even a
 * connection the fake never answers. `stop` closes the server (default `server.close`); a library
 * server with its own close (smtp-server) passes that.
 */
export async function listenOnLoopback(
  server: Server,
  stop: (done: () => void) => void = (done) => server.close(() => done()),
): Promise<LoopbackListener> {
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        stop(resolve);
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

/** What a fake received, in arrival order; readers get copies, so a test cannot edit the fake's memory. */
export class RecordList<T> {
  private entries: T[] = [];

  add(entry: T): T {
    this.entries.push(entry);
    return entry;
  }

  all(): T[] {
    return this.entries.map((entry) => structuredClone(entry));
  }

  reset(): void {
    this.entries = [];
  }
}

/** How many matching requests a fault applies to: a count (default 1), or "all" until it is cleared. */
export type FaultTimes = number | "all";

/**
 * The faults a test has asked for, oldest first. A request takes the first fault that applies to it;
 * a fault of `times: "all"` is a standing mode that stays until clear().
 */
export class FaultQueue<F extends { times?: FaultTimes }> {
  private queued: Array<{ fault: F; remaining: number }> = [];

  inject(fault: F): void {
    const times = fault.times ?? 1;
    this.queued.push({ fault, remaining: times === "all" ? Number.POSITIVE_INFINITY : times });
  }

  /** The first queued fault that `applies`, used once; undefined when none does. */
  take(applies: (fault: F) => boolean = () => true): F | undefined {
    const index = this.queued.findIndex((entry) => applies(entry.fault));
    const entry = this.queued[index];
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) this.queued.splice(index, 1);
    return entry.fault;
  }

  /** The first fault still queued, without using it. */
  peek(): F | undefined {
    return this.queued[0]?.fault;
  }

  clear(): void {
    this.queued = [];
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP fakes

/**
 * A fault an HTTP fake answers with instead of its own answer:
 * - `status`: this status (429, a 5xx...), with the fake's body for it unless `body`; `retryAfter`
 *   (seconds) adds a Retry-After header;
 * - `slow`: the request takes effect now, its answer leaves `delayMs` later (a client timeout fires first);
 * - `hang`: never answered; the socket stays open until the client gives up or the fake closes;
 * - `malformed`: 200 with a body that is not valid JSON, or `body`;
 * - `reset`: the connection is reset without an answer.
 */
export type HttpFault = {
  times?: FaultTimes;
  /** Only requests with this method (default: any). */
  method?: string;
} & (
  | { kind: "status"; status: number; body?: string; retryAfter?: number }
  | { kind: "slow"; delayMs: number }
  | { kind: "hang" }
  | { kind: "malformed"; body?: string }
  | { kind: "reset" }
);

export interface HttpAnswer {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  /** Arrival time, ms since epoch. */
  time: number;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** The body as text ("" when none). */
  body: string;
  /** Status answered (or being answered after a delay); null when no answer is given (hang, reset). */
  status: number | null;
  /** The fault this request took, if any. */
  fault?: HttpFault["kind"];
}

export interface HttpFakeOptions<F extends HttpFault> {
  /** The fake's own answer to a request that took no fault (or a `slow` one). */
  respond(request: RecordedRequest, url: URL): HttpAnswer;
  /**
   * Called on arrival, before the body is read: an answer that comes before any fault (no such
   * route, rate limited). A request answered so takes no fault.
   */
  screen?(request: RecordedRequest, url: URL): HttpAnswer | undefined;
  /** Whether a queued fault applies to this request, besides its `method` (default: yes). */
  faultApplies?(fault: F, request: RecordedRequest): boolean;
  /** The answer to a `status` fault without a body (default: `{"error": "<reason phrase>"}`). */
  statusAnswer?(status: number): HttpAnswer;
  /** The body of a `malformed` fault without one. */
  malformedBody?: string;
  /** Delay added before every answer (default 0). */
  latencyMs?: number;
}

export interface HttpFake<F extends HttpFault = HttpFault> {
  /** e.g. http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Every request received, in arrival order (copies). */
  requests(): RecordedRequest[];
  resetRequests(): void;
  injectFault(fault: F): void;
  clearFaults(): void;
  /** Closes the server and any hanging, slow or idle sockets. */
  close(): Promise<void>;
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

const defaultStatusAnswer = (status: number): HttpAnswer => ({
  status,
  body: JSON.stringify({ error: http.STATUS_CODES[status] ?? "Error" }),
});

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts an HTTP fake on a free loopback port that records every request and answers the faults injected. */
export async function startHttpFake<F extends HttpFault = HttpFault>(
  options: HttpFakeOptions<F>,
): Promise<HttpFake<F>> {
  const log = new RecordList<RecordedRequest>();
  const faults = new FaultQueue<F>();
  const timers = new Set<NodeJS.Timeout>();
  const statusAnswer = options.statusAnswer ?? defaultStatusAnswer;
  let closed = false;

  function send(res: http.ServerResponse, request: RecordedRequest, answer: HttpAnswer, extraDelayMs = 0) {
    request.status = answer.status;
    const write = () => {
      if (res.destroyed || res.socket?.destroyed) return; // the client gave up (timeout) or close()
      res.writeHead(answer.status, {
        "content-type": JSON_CONTENT_TYPE,
        "content-length": String(Buffer.byteLength(answer.body)),
        ...answer.headers,
      });
      res.end(answer.body);
    };
    const delay = (options.latencyMs ?? 0) + extraDelayMs;
    if (delay <= 0) return write();
    const timer = setTimeout(() => {
      timers.delete(timer);
      write();
    }, delay);
    timers.add(timer);
  }

  async function onRequest(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const request = log.add({
      time: Date.now(),
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      body: "",
      status: null,
    });
    const screened = options.screen?.(request, url);
    try {
      request.body = await readBody(req);
    } catch {
      return; // the client went away mid-request
    }
    if (closed) return;
    if (screened) return send(res, request, screened);

    const fault: HttpFault | undefined = faults.take(
      (f) => (!f.method || f.method === method) && (options.faultApplies?.(f, request) ?? true),
    );
    if (fault) request.fault = fault.kind;
    switch (fault?.kind) {
      case "hang":
        return; // close() destroys the socket
      case "reset":
        req.socket.resetAndDestroy();
        return;
      case "status": {
        const answer =
          fault.body === undefined ? statusAnswer(fault.status) : { status: fault.status, body: fault.body };
        const headers: Record<string, string> = { ...answer.headers };
        if (fault.retryAfter !== undefined) headers["retry-after"] = String(fault.retryAfter);
        return send(res, request, { ...answer, headers });
      }
      case "malformed":
        return send(res, request, {
          status: 200,
          body: fault.body ?? options.malformedBody ?? '{"data":[{"id":',
        });
      case "slow":
        return send(res, request, options.respond(request, url), fault.delayMs);
      default:
        return send(res, request, options.respond(request, url));
    }
  }

  const server = http.createServer((req, res) => {
    req.on("error", () => {});
    res.on("error", () => {});
    void onRequest(req, res);
  });
  server.on("clientError", (_err, socket) => socket.destroy());
  const listener = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${listener.port}`,
    port: listener.port,
    requests: () => log.all(),
    resetRequests: () => log.reset(),
    injectFault: (fault) => faults.inject(fault),
    clearFaults: () => faults.clear(),
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return listener.close();
    },
  };
}
