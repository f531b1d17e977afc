/**
 * GETs of lists that the server tags with an ETag but lets no cache keep (`no-store`: they carry
 * personal data). The last body of each URL is held in memory for this page only, and sent back as
 * `If-None-Match`, so an unchanged list still costs only a 304 while no copy reaches the disk cache.
 */
import { throwIfResNotOk, type UnauthorizedBehavior } from "./api-client";

const held = new Map<string, { etag: string; body: unknown }>();

export async function getJsonRevalidated(
  url: string,
  options: { on401: UnauthorizedBehavior },
): Promise<unknown> {
  const last = held.get(url);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (last) headers["If-None-Match"] = last.etag;
  const res = await fetch(url, { credentials: "include", cache: "no-store", headers });
  if (res.status === 304 && last) return last.body;
  if (options.on401 === "returnNull" && res.status === 401) return null;
  await throwIfResNotOk(res);
  const body: unknown = await res.json();
  const etag = res.headers.get("etag");
  if (etag) held.set(url, { etag, body });
  else held.delete(url);
  return body;
}

/** Forgets every held body, as signing out must. */
export function forgetRevalidatedBodies(): void {
  held.clear();
}
