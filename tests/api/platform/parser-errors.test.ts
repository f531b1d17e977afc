/**
 * Requests Node's HTTP parser refuses before any route runs: they still answer in the API's error
 * shape, close the connection, and quote or log nothing of what was sent. Only a real socket can
 * send them; `inject` builds well-formed requests.
 */
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerClientError } from "../../../src/server/platform/http/client-error";
import { listenOnLoopback, type RawResponse, sendRaw } from "../../support/raw-http";
import { createTestApp, type TestApp } from "../../support/test-app";

const MARKER = "secret-marker-7f3a";

function expectErrorShape(res: RawResponse, status: number, error: string, what: string) {
  expect(res.status, what).toBe(status);
  expect(res.headers["content-type"], what).toBe("application/json; charset=utf-8");
  expect(res.headers.connection?.toLowerCase(), what).toBe("close");
  expect(JSON.parse(res.body), what).toEqual({ error });
  expect(res.body, what).not.toContain(MARKER);
}

describe("requests the HTTP parser refuses", () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // Every level, so that the check on the logs below sees whatever the server writes.
    t = await createTestApp({ env: { LOG_LEVEL: "trace" } });
    port = await listenOnLoopback(t.app);
  });
  afterAll(() => t.close());

  it("answers a target that is not a path with 400 in the error shape", async () => {
    for (const target of ["foo", `${MARKER}/api/health`, "?x=1", "a:b"]) {
      const res = await sendRaw(port, `GET ${target} HTTP/1.1\r\nHost: portal.test\r\n\r\n`);
      expectErrorShape(res, 400, "The URL is malformed", target);
    }
  });

  it("answers the asterisk target, which the router sees, with its JSON 404", async () => {
    for (const method of ["GET", "OPTIONS"]) {
      const res = await sendRaw(
        port,
        `${method} * HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n`,
      );
      expectErrorShape(res, 404, "No API route matches this request", method);
    }
  });

  it("answers an overlong query string or header with 431", async () => {
    const cases = {
      query: `GET /api/health?token=${MARKER}${"a".repeat(20_000)} HTTP/1.1\r\nHost: portal.test\r\n\r\n`,
      header: `GET /api/health HTTP/1.1\r\nHost: portal.test\r\nX-Big: ${MARKER}${"a".repeat(20_000)}\r\n\r\n`,
      cookie: `GET /api/health HTTP/1.1\r\nHost: portal.test\r\nCookie: portal_session=${MARKER}${"a".repeat(20_000)}\r\n\r\n`,
    };
    for (const [what, bytes] of Object.entries(cases)) {
      expectErrorShape(await sendRaw(port, bytes), 431, "The URL or the headers are too large", what);
    }
  });

  it("answers a malformed request with 400", async () => {
    const cases = {
      "not HTTP": `GARBAGE ${MARKER}\r\n\r\n`,
      "unknown version": `GET /api/health HTTP/9.9\r\nHost: portal.test\r\n\r\n`,
      "header without a colon": `GET /api/health HTTP/1.1\r\nHost: portal.test\r\n${MARKER}\r\n\r\n`,
      "two lengths": `POST /api/login HTTP/1.1\r\nHost: portal.test\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}`,
      "length and chunked": `POST /api/login HTTP/1.1\r\nHost: portal.test\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n`,
    };
    for (const [what, bytes] of Object.entries(cases)) {
      expectErrorShape(await sendRaw(port, bytes), 400, "The request is malformed", what);
    }
  });

  it("answers an HTTP/1.1 request without a Host header with 400, and one of HTTP/1.0 as usual", async () => {
    for (const target of ["/api/health", "/api/no-such-thing", "/"]) {
      const res = await sendRaw(port, `GET ${target} HTTP/1.1\r\nConnection: close\r\n\r\n`);
      expectErrorShape(res, 400, "The Host header is missing", target);
    }
    const old = await sendRaw(port, "GET /api/health HTTP/1.0\r\n\r\n");
    expect(old.status).toBe(200);
  });

  it("answers CONNECT with 405: the portal is not a proxy", async () => {
    const res = await sendRaw(
      port,
      `CONNECT ${MARKER}.test:443 HTTP/1.1\r\nHost: ${MARKER}.test:443\r\n\r\n`,
    );
    expectErrorShape(res, 405, "The portal is not a proxy", "CONNECT");
  });

  it("keeps serving well-formed requests, and logs nothing of what the refused ones sent", async () => {
    const res = await sendRaw(
      port,
      "GET /api/health HTTP/1.1\r\nHost: portal.test\r\nConnection: close\r\n\r\n",
    );
    expect(res.status).toBe(200);
    expect(t.logs()).toContain("client error");
    expect(t.logs()).not.toContain(MARKER);
  });
});

describe("a request that does not arrive in time", () => {
  it("is answered 408 in the error shape", async () => {
    // The portal keeps Node's header timeout (a minute); a server with the same handler and short
    // timeouts shows the answer without the wait.
    const app = Fastify({
      clientErrorHandler: answerClientError,
      requestTimeout: 300,
      http: { headersTimeout: 200, connectionsCheckingInterval: 50 },
    });
    try {
      const port = await listenOnLoopback(app);
      // Half the headers, then silence until the server answers and closes.
      const res = await sendRaw(port, `GET /?token=${MARKER} HTTP/1.1\r\nHost: portal.test\r\n`);
      expectErrorShape(res, 408, "The request did not arrive in time", "timeout");
    } finally {
      await app.close();
    }
  });
});
