/**
 * The version of a customer's cached list (decision 043). The signed-in customer's own versions come
 * with the session (http/session-store.ts), read in the statement that checks it, before anything the
 * route reads: an unchanged list of one's own costs that one statement at most (decision 044).
 * Anyone else's (an administrator's look, a session viewing as a customer) is read from the database.
 */
import { and, eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../db/database";
import { listVersions, type VersionedList } from "../db/schema";

/** The version of each of a customer's cached lists; 0 before the list's first change. */
export type ListVersions = Record<VersionedList, number>;

declare module "fastify" {
  interface FastifyRequest {
    /** The session owner's id and their list versions, as read with the session; null signed out. */
    sessionListVersions: { userId: number; versions: ListVersions } | null;
  }
}

/** The version of a customer's list; 0 before its first change. */
export async function listVersionOf(
  request: FastifyRequest,
  db: Database,
  list: VersionedList,
  ownerId: number,
): Promise<number> {
  const known = request.sessionListVersions;
  // Only a session's own lists: while viewing as a customer, the session is the administrator's.
  if (known && known.userId === ownerId && !request.viewingAdmin) return known.versions[list];
  const [row] = await db
    .select({ version: listVersions.version })
    .from(listVersions)
    .where(and(eq(listVersions.userId, ownerId), eq(listVersions.list, list)));
  return row?.version ?? 0;
}
