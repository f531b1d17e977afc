/**
 * Pages of a customer's list that this instance built last, kept by customer and list version (a
 * database counter that triggers move on with every change to what the list shows). A request reads
 * the version first, so a page is served only while it is still what the database holds: instances
 * sharing a database never disagree, and a restart costs speed, nothing else. The ETag is the
 * version and the page's query, so checking an unchanged page hashes no body at all.
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { acceptsGzip, GZIP_FROM_CHARS, matchesIfNoneMatch } from "../http/conditional-get";
import { createSizeBoundedLru } from "./size-bounded-lru";

const gzip = promisify(gzipCallback);

/** One page as sent: its JSON text, and its gzipped bytes once a browser has asked for them. */
export interface CachedPage {
  etag: string;
  body: string;
  gzipped(): Promise<Buffer>;
}

interface OwnerEntry {
  version: number;
  pages: Map<string, CachedPage>;
  /** Parts several pages share at this version (counts, a flag), computed once. */
  shared: Map<string, Promise<unknown>>;
}

export interface VersionedPages {
  /** The strong ETag of a page: which list format, which version, which query. */
  etagOf(version: number, key: string): string;
  get(ownerId: number, version: number, key: string): CachedPage | undefined;
  put(ownerId: number, version: number, key: string, body: string): CachedPage;
  /** A part shared by the pages of one version, computed the first time one of them asks. */
  shared<T>(ownerId: number, version: number, key: string, compute: () => Promise<T>): Promise<T>;
}

const PAGES_PER_OWNER = 64;

/**
 * A least-recently-used cache by customer that holds at most `maxChars` of page bodies. `format`
 * names the list and what shapes its body beyond the database (the payment provider, the code's
 * version of the contract), so an ETag from another format never matches.
 */
export function createVersionedPages(format: string, maxChars = 32 * 1024 * 1024): VersionedPages {
  // Sized by the page bodies each customer's entry holds.
  const owners = createSizeBoundedLru<number, OwnerEntry>(maxChars);

  /** The customer's entry at this version, most recently used; an older version's pages are dropped. */
  const entryOf = (ownerId: number, version: number): OwnerEntry => {
    const entry = owners.peek(ownerId);
    if (entry?.version === version) {
      owners.use(ownerId);
      return entry;
    }
    const fresh: OwnerEntry = { version, pages: new Map(), shared: new Map() };
    owners.set(ownerId, fresh, 0);
    return fresh;
  };

  const etagOf = (version: number, key: string) =>
    `"${format}.${version}.${createHash("sha1").update(key).digest("base64url").slice(0, 16)}"`;

  return {
    etagOf,
    get(ownerId, version, key) {
      const entry = owners.peek(ownerId);
      if (!entry || entry.version !== version) return undefined;
      const page = entry.pages.get(key);
      if (page) owners.use(ownerId);
      return page;
    },
    put(ownerId, version, key, body) {
      const entry = entryOf(ownerId, version);
      let bytes: Promise<Buffer> | undefined;
      const page: CachedPage = {
        etag: etagOf(version, key),
        body,
        gzipped() {
          bytes ??= gzip(body);
          return bytes;
        },
      };
      let delta = body.length;
      const old = entry.pages.get(key);
      if (old) {
        entry.pages.delete(key);
        delta -= old.body.length;
      }
      // One customer's many searches must not push everyone else out: their oldest page goes first.
      for (const [oldestKey, oldest] of entry.pages) {
        if (entry.pages.size < PAGES_PER_OWNER) break;
        entry.pages.delete(oldestKey);
        delta -= oldest.body.length;
      }
      entry.pages.set(key, page);
      owners.grow(ownerId, delta);
      return page;
    },
    shared<T>(ownerId: number, version: number, key: string, compute: () => Promise<T>): Promise<T> {
      const entry = entryOf(ownerId, version);
      let value = entry.shared.get(key) as Promise<T> | undefined;
      if (!value) {
        value = compute();
        entry.shared.set(key, value);
        // A failed computation is not remembered: the next request tries again.
        value.catch(() => {
          if (entry.shared.get(key) === value) entry.shared.delete(key);
        });
      }
      return value;
    },
  };
}

/** The ETag a page is sent with for these request headers: the gzipped one is a representation of its own. */
function sentEtag(etag: string, gzipped: boolean): string {
  return gzipped ? `${etag.slice(0, -1)}-gzip"` : etag;
}

function wantsGzip(request: FastifyRequest, bodyChars: number): boolean {
  return acceptsGzip(request.headers["accept-encoding"]) && bodyChars >= GZIP_FROM_CHARS;
}

function personalHeaders(reply: FastifyReply, etag: string): FastifyReply {
  // Personal data: no cache keeps it. The client holds the last body in memory and revalidates.
  return reply.header("etag", etag).header("cache-control", "no-store").header("vary", "Accept-Encoding");
}

/**
 * Answers 304 when the browser already holds this page at this version, in either representation,
 * before anything is read or built. Returns whether it did.
 */
export function answeredNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  // The plain body of a page below GZIP_FROM_CHARS is sent plain even to a gzip browser: try both.
  for (const gzipped of acceptsGzip(request.headers["accept-encoding"]) ? [true, false] : [false]) {
    const tag = sentEtag(etag, gzipped);
    if (matchesIfNoneMatch(header, tag)) {
      personalHeaders(reply, tag).code(304).send();
      return true;
    }
  }
  return false;
}

/** Sends a cached page as JSON: its version ETag, no-store, gzipped where accepted, 304 when held. */
export async function sendCachedPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  const gzipped = wantsGzip(request, page.body.length);
  const etag = sentEtag(page.etag, gzipped);
  personalHeaders(reply, etag);
  if (matchesIfNoneMatch(request.headers["if-none-match"], etag)) return reply.code(304).send();
  if (!gzipped) return reply.type("application/json; charset=utf-8").send(page.body);
  const bytes = await page.gzipped();
  return reply.header("content-encoding", "gzip").type("application/json; charset=utf-8").send(bytes);
}

const WHOLE_LIST = "all";

/**
 * Sends a customer's list that has one page only, at the version read with the session or just
 * before: 304 while the browser holds it, else the page kept for that version, else the one `read`
 * builds, kept under the version `read` gives (the version read with the body, where the statement
 * reads both, or the one given, read before it: never newer than the body).
 */
export async function sendWholeList(
  request: FastifyRequest,
  reply: FastifyReply,
  pages: VersionedPages,
  owner: { id: number; version: number },
  read: () => Promise<{ version: number; body: string }>,
) {
  if (answeredNotModified(request, reply, pages.etagOf(owner.version, WHOLE_LIST))) return reply;
  let page = pages.get(owner.id, owner.version, WHOLE_LIST);
  if (!page) {
    const { version, body } = await read();
    page = pages.put(owner.id, version, WHOLE_LIST, body);
  }
  return sendCachedPage(request, reply, page);
}
