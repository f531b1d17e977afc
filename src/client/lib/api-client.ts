/**
 * The one way the browser talks to the JSON API: cookies always travel, bodies are JSON, and any
 * non-OK answer becomes an Error whose message is "STATUS: body" (or "STATUS: statusText").
 */
import type { QueryFunction } from "@tanstack/react-query";
import { asksForFreshProof, asksForSecondFactor, obtainFreshProof } from "./fresh-proof";

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => "");
  throw new ApiError(res.status, body, res.statusText);
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Sends a request and returns the OK response. Every state-changing request carries a JSON body,
 * `{}` when the caller has nothing to send, because the server only accepts JSON on those. An action
 * that needs a fresh proof first is repeated once the user gives one (lib/fresh-proof.ts).
 */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown): Promise<Response> {
  const init: RequestInit = { method, credentials: "include", headers: { Accept: "application/json" } };
  if (method !== "GET") {
    init.headers = { Accept: "application/json", "Content-Type": "application/json" };
    init.body = JSON.stringify(data ?? {});
  }
  let res = await fetch(url, init);
  // The action needs a fresh proof first: once the dialog has it, the same request is sent again.
  const refusal = res.status === 403 ? await res.clone().text() : "";
  if (asksForFreshProof(res.status, refusal) && (await obtainFreshProof(asksForSecondFactor(refusal)))) {
    res = await fetch(url, init);
  }
  await throwIfResNotOk(res);
  return res;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/** GETs a URL and reads its JSON; with `on401: "returnNull"` a 401 answer means "nothing", not an error. */
export async function getJson(url: string, options: { on401: UnauthorizedBehavior }): Promise<unknown> {
  const res = await fetch(url, { credentials: "include", headers: { Accept: "application/json" } });
  if (options.on401 === "returnNull" && res.status === 401) return null;
  await throwIfResNotOk(res);
  return res.json();
}

/** The default query function: the query key's parts, joined by "/", are the URL. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => (await getJson(queryKey.join("/"), options)) as T | null;
}
