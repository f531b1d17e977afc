/**
 * Conditional GETs of the accounts list, which the screen refetches every 30 s: the ETag is a hash of
 * the exact body, so an unchanged list costs the client a 304 with no body; and which browsers take
 * it gzipped.
 */
import { createHash } from "node:crypto";

/** A strong ETag of these very bytes. */
export function strongEtag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url")}"`;
}

/**
 * Whether If-None-Match names this ETag: `*`, or one tag of a comma-separated list. The comparison is
 * the weak one RFC 9110 prescribes for If-None-Match, so a `W/` prefix (a proxy may add one) still matches.
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
