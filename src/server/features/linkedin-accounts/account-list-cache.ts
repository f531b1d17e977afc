/**
 * The accounts lists this instance built last, by customer and list version (a database counter a
 * trigger moves on with every change to their accounts). Every request reads the version from the
 * database first, so an entry is served only while it is still the list the database holds: instances
 * sharing a database never disagree, and a restart costs speed, nothing else.
 */
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { strongEtag } from "../../http/conditional-get";

const gzip = promisify(gzipCallback);

/** One representation of a list: its bytes and the strong ETag that names exactly them. */
export interface ListRepresentation {
  etag: string;
  body: string | Buffer;
}

export interface CachedList extends ListRepresentation {
  version: number;
  body: string;
  /**
   * The gzipped representation, made the first time a browser asks (2,000 accounts: 1.8 MB of JSON
   * become about a tenth of it). A representation of its own, so it has an ETag of its own (RFC 9110).
   */
  gzipped(): Promise<ListRepresentation>;
}

export interface AccountListCache {
  get(ownerId: number, version: number): CachedList | undefined;
  put(ownerId: number, version: number, body: string): CachedList;
}

/** A least-recently-used cache that holds at most `maxChars` of list bodies. */
export function createAccountListCache(maxChars = 32 * 1024 * 1024): AccountListCache {
  // A Map keeps insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<number, CachedList>();
  let size = 0;

  const remove = (ownerId: number) => {
    const entry = entries.get(ownerId);
    if (!entry) return;
    entries.delete(ownerId);
    size -= entry.body.length;
  };

  return {
    get(ownerId, version) {
      const entry = entries.get(ownerId);
      if (!entry || entry.version !== version) return undefined;
      entries.delete(ownerId);
      entries.set(ownerId, entry);
      return entry;
    },
    put(ownerId, version, body) {
      let gzipped: Promise<ListRepresentation> | undefined;
      const etag = strongEtag(body);
      const entry: CachedList = {
        version,
        etag,
        body,
        gzipped() {
          gzipped ??= gzip(body).then((bytes) => ({ etag: `${etag.slice(0, -1)}-gzip"`, body: bytes }));
          return gzipped;
        },
      };
      remove(ownerId);
      entries.set(ownerId, entry);
      size += body.length;
      for (const oldest of entries.keys()) {
        if (size <= maxChars || oldest === ownerId) break;
        remove(oldest);
      }
      return entry;
    },
  };
}
