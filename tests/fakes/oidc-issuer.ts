/**
 * A local OpenID Connect issuer on a free loopback port, on the shared fakes harness: discovery, the
 * authorization endpoint that approves at once and sends the browser back with a code, the token
 * endpoint and its signing keys, as oauth2-mock-server speaks them. It records every request and
 * fails like a real issuer on command (5xx, slowly, never, garbage, a reset connection), per
 * endpoint. Both the API tests and the browser tests' server use it.
 *
 * Who signs in: `signInAs(claims)` for every next ID token (API tests), or, per sign-in, the claims
 * named in the authorization request's `IDENTITY_PARAM` (the browser tests add it to the address
 * the portal sends the browser to, as a person would pick an account there); `{ deny: true }` there
 * answers access_denied.
 */
import http from "node:http";
import {
  type MutableRedirectUri,
  type MutableToken,
  OAuth2Issuer,
  OAuth2Service,
  type TokenRequestIncomingMessage,
} from "oauth2-mock-server";
import { FaultQueue, type HttpFault, listenOnLoopback, RecordList } from "./harness";

export const IDENTITY_PARAM = "fake_identity";

/** A fault of the harness, optionally only for one endpoint's path (e.g. "/token", "/jwks"). */
export type OidcFault = HttpFault & { path?: string };

export interface OidcRequest {
  method: string;
  path: string;
  /** Status answered; null when none was (hang, reset). */
  status: number | null;
  fault?: OidcFault["kind"];
}

export interface TestIssuer {
  url: string;
  /** oauth2-mock-server's service, for its events (beforeResponse, beforeAuthorizeRedirect…). */
  service: OAuth2Service;
  /** Removes every listener a test added to the service's events, and the faults still queued. */
  reset(): void;
  /** The claims of the next ID tokens (sub, email, email_verified, name, picture, or anything to break). */
  signInAs(claims: Record<string, unknown>): void;
  injectFault(fault: OidcFault): void;
  clearFaults(): void;
  /** Every request received, in arrival order (copies). */
  requests(): OidcRequest[];
  close(): Promise<void>;
}

const GARBAGE = '{"issuer":"http://127.0.0.1","authorization_endpoint":';

export async function startTestIssuer(): Promise<TestIssuer> {
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate("RS256");
  const service = new OAuth2Service(issuer);
  const handle = service.requestHandler;
  const faults = new FaultQueue<OidcFault>();
  const log = new RecordList<OidcRequest>();
  const timers = new Set<NodeJS.Timeout>();

  let claims: Record<string, unknown> = {};
  const claimsByCode = new Map<string, Record<string, unknown>>();
  const pickIdentity = (redirect: MutableRedirectUri, req: http.IncomingMessage) => {
    const chosen = new URL(req.url ?? "/", "http://issuer.invalid").searchParams.get(IDENTITY_PARAM);
    const code = redirect.url.searchParams.get("code");
    if (typeof chosen !== "string" || !code) return;
    const picked = JSON.parse(chosen) as Record<string, unknown>;
    if (picked.deny) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
      return;
    }
    claimsByCode.set(code, picked);
  };
  const signClaims = (token: MutableToken, req: TokenRequestIncomingMessage) => {
    const code = (req.body as { code?: string } | undefined)?.code;
    Object.assign(token.payload, claims, (code && claimsByCode.get(code)) || {});
  };
  const ownListeners = () => {
    service.removeAllListeners();
    service.on("beforeAuthorizeRedirect", pickIdentity);
    service.on("beforeTokenSigning", signClaims);
  };
  ownListeners();

  const server = http.createServer((req, res) => {
    req.on("error", () => {});
    res.on("error", () => {});
    const method = req.method ?? "GET";
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
    const entry = log.add({ method, path, status: null });
    res.on("finish", () => {
      entry.status = res.statusCode;
    });
    const fault = faults.take((f) => (!f.method || f.method === method) && (!f.path || f.path === path));
    if (fault) entry.fault = fault.kind;
    const later = (ms: number, then: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) then();
      }, ms);
      timers.add(timer);
    };
    const answer = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
      res.end(body);
    };
    switch (fault?.kind) {
      case "hang":
        return;
      case "reset":
        req.socket.resetAndDestroy();
        return;
      case "status":
        return answer(
          fault.status,
          fault.body ?? JSON.stringify({ error: http.STATUS_CODES[fault.status] ?? "Error" }),
          fault.retryAfter === undefined ? {} : { "retry-after": String(fault.retryAfter) },
        );
      case "malformed":
        return answer(200, fault.body ?? GARBAGE);
      case "slow":
        return later(fault.delayMs, () => handle(req, res));
      default:
        return handle(req, res);
    }
  });
  server.on("clientError", (_err, socket) => socket.destroy());
  const listener = await listenOnLoopback(server);
  issuer.url = `http://127.0.0.1:${listener.port}`;
  const url = issuer.url;
  if (!url) throw new Error("the test issuer has no URL");

  return {
    url,
    service,
    signInAs(next) {
      claims = next;
    },
    reset() {
      ownListeners();
      faults.clear();
    },
    injectFault: (fault) => faults.inject(fault),
    clearFaults: () => faults.clear(),
    requests: () => log.all(),
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return listener.close();
    },
  };
}
