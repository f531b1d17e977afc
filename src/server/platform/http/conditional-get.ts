/**
 * Conditional GETs of the lists a screen refetches (accounts, optimizations, transactions): the ETag
 * is a hash of the exact body, so a list the browser already holds costs a 304 with no body, and
 * browsers that accept it get the body gzipped.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";

const gzip = promisify(gzipCallback);

/** Below this, gzip saves less than its header and CPU cost. */
export const GZIP_FROM_CHARS = 1024;

/** A strong ETag of these very bytes. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash("sha256").update(body).digest("base64url")}"`;
}

/**
 * Whether If-None-Match names this ETag: `*`, or one tag of a comma-separated list, compared the weak
 * way RFC 9110 prescribes for If-None-Match (a proxy may add a `W/` prefix).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Whether Accept-Encoding allows gzip (not `gzip;q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? "").split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return (coding === "gzip" || coding === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

export interface Representation {
  etag: string;
  body: string | Buffer;
  gzipped: boolean;
}

/**
 * The representation of `body` to send for these request headers. The gzipped one is a
 * representation of its own, so it has an ETag of its own (RFC 9110); both are derived from the plain
 * body's hash, so a 304 needs no compression at all.
 */
export async function representationOf(
  body: string,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): Promise<Representation & { notModified: boolean }> {
  const plainEtag = strongEtag(body);
  const gzipped = acceptsGzip(acceptEncoding) && body.length >= GZIP_FROM_CHARS;
  const etag = gzipped ? `${plainEtag.slice(0, -1)}-gzip"` : plainEtag;
  if (matchesIfNoneMatch(ifNoneMatch, etag)) return { etag, body: "", gzipped, notModified: true };
  return { etag, body: gzipped ? await gzip(body) : body, gzipped, notModified: false };
}

/**
 * Sends a customer's list as JSON text: its ETag, no-store (personal data: the client holds the last
 * body in memory and revalidates), a 304 when the browser holds it, gzipped where accepted.
 */
export async function sendPersonalJson(request: FastifyRequest, reply: FastifyReply, body: string) {
  const sent = await representationOf(
    body,
    request.headers["accept-encoding"],
    request.headers["if-none-match"],
  );
  reply.header("etag", sent.etag).header("cache-control", "no-store").header("vary", "Accept-Encoding");
  if (sent.notModified) return reply.code(304).send();
  if (sent.gzipped) reply.header("content-encoding", "gzip");
  return reply.type("application/json; charset=utf-8").send(sent.body);
}
