/**
 * A customer's accounts list kept as one JSON text per account, so that after a change the list is
 * read again only for the accounts stamped after the kept version (migration 0028), not built whole:
 * for 2,000 accounts the whole list takes the embedded database ~90 ms, a change to one account a few.
 * Each instance keeps its own; the version read with the changed rows says what is still current, so
 * instances sharing a database never disagree, and a restart costs one whole read.
 */
import type { Database } from "../../platform/db/database";
import { createSizeBoundedLru } from "../../platform/kept-reads";
import { type AccountListRead, readAccountList } from "./accounts-queries";

/** Each account's JSON without its closing brace, by id, as of `version`. */
interface KeptList {
  version: number;
  accounts: Map<string, string>;
  chars: number;
}

export interface AccountListFragments {
  /** The customer's list as the endpoint's JSON text, with the version it shows. */
  read(db: Database, ownerId: number): Promise<{ version: number; body: string }>;
}

/** A list none is kept for asks for every account. */
const NOTHING_KEPT = -1;

/** Lines of "id json" as a map from id to the JSON text. */
function linesById(text: string): Map<string, string> {
  const byId = new Map<string, string>();
  if (text === "") return byId;
  for (const line of text.split("\n")) {
    const space = line.indexOf(" ");
    byId.set(line.slice(0, space), line.slice(space + 1));
  }
  return byId;
}

/**
 * The kept accounts brought up to `read`, in the list's order, or undefined when an account in the
 * list is neither kept nor read (the kept list is not the one the stamps were counted from).
 */
function updated(kept: KeptList | undefined, read: AccountListRead): KeptList | undefined {
  const changed = linesById(read.changed);
  const accounts = new Map<string, string>();
  let chars = 0;
  if (read.ids === "") return { version: read.version, accounts, chars };
  for (const id of read.ids.split(",")) {
    const json = changed.get(id);
    // Kept without the closing brace, for the open request to be added as the last field.
    const fragment = json === undefined ? kept?.accounts.get(id) : json.slice(0, -1);
    if (fragment === undefined) return undefined;
    accounts.set(id, fragment);
    chars += fragment.length;
  }
  return { version: read.version, accounts, chars };
}

function listJson(list: KeptList, openRequests: string): string {
  const openById = linesById(openRequests);
  const parts: string[] = [];
  for (const [id, fragment] of list.accounts) {
    parts.push(`${fragment},"openRequest":${openById.get(id) ?? "null"}}`);
  }
  return `[${parts.join(",")}]`;
}

/** Keeps the lists of the customers read most recently, at most `maxChars` of JSON in all. */
export function createAccountListFragments(maxChars = 32 * 1024 * 1024): AccountListFragments {
  const lists = createSizeBoundedLru<number, KeptList>(maxChars);

  const keep = (ownerId: number, list: KeptList) => {
    // Two requests may read at once: the list of the newer version stays.
    const current = lists.peek(ownerId);
    if (current && current.version > list.version) return;
    lists.set(ownerId, list, list.chars);
  };

  return {
    async read(db, ownerId) {
      const kept = lists.peek(ownerId);
      const since = kept?.version ?? NOTHING_KEPT;
      let read = await readAccountList(db, ownerId, since);
      // A version older than the kept one means the counter went back (a restored backup): read all.
      let list = read.version >= since ? updated(kept, read) : undefined;
      if (!list) {
        lists.delete(ownerId);
        read = await readAccountList(db, ownerId, NOTHING_KEPT);
        list = updated(undefined, read);
        if (!list) throw new Error("the accounts list's ids and rows disagree");
      }
      keep(ownerId, list);
      return { version: list.version, body: listJson(list, read.openRequests) };
    },
  };
}
