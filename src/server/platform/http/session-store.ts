/**
 * Sessions kept in the database, so every instance of the portal sees the same ones. The cookie
 * holds a 256-bit random token; only its SHA-256 is stored, so a copy of the database cannot be
 * replayed as a cookie.
 */
import { and, desc, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, DatabaseChanges } from "../db/database";
import { preparedPerDatabase } from "../db/prepared";
import {
  listVersions,
  type SessionProof,
  type SessionRow,
  sessions,
  type UserRow,
  users,
  type VersionedList,
} from "../db/schema";
import type { ListVersions } from "../kept-reads";
import { hashSecretToken, newSecretToken } from "../secrets/secret-token";

export interface SessionPolicy {
  idleTimeoutMs: number;
  maxAgeMs: number;
}

// Writing last_seen_at on every request would turn each read into a write; a minute's slack is harmless.
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(
  db: Database,
  policy: SessionPolicy,
  userId: number,
  meta: { userAgent?: string | undefined; ipAddress?: string | undefined; provenBy?: SessionProof } = {},
  now = new Date(),
): Promise<{ token: string; session: SessionRow }> {
  const token = newSecretToken();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashSecretToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + policy.maxAgeMs),
      userAgent: meta.userAgent?.slice(0, 255),
      ipAddress: meta.ipAddress?.slice(0, 64),
      provenBy: meta.provenBy ?? "password",
      provenAt: now,
    })
    .returning();
  if (!session) throw new Error("session insert returned nothing");
  return { token, session };
}

/** The customer a session views as (decision 036), joined under a name of its own. */
const viewedUsers = alias(users, "viewed_users");

export interface LiveSession {
  session: SessionRow;
  /** Whose session it is. */
  user: UserRow;
  /**
   * The customer the session views as, read only (decision 036): only an administrator's session
   * views anyone, so a session whose owner is no longer one views no one.
   */
  viewing: UserRow | null;
  /**
   * The versions of the session owner's own lists (list-versions.ts), read in the same statement: a
   * customer's unchanged list then costs this one statement at most.
   */
  listVersions: ListVersions;
}

/** The session owner's version of one list (null before its first change). */
const versionOf = (list: VersionedList) =>
  sql<
    number | null
  >`(select ${listVersions.version} from ${listVersions} where ${listVersions.userId} = ${sessions.userId} and ${listVersions.list} = ${sql.raw(`'${list}'`)})`.mapWith(
    Number,
  );

/** The statement that checks a session, with its user and their list versions (see prepared.ts). */
const liveSessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      session: sessions,
      user: users,
      viewing: viewedUsers,
      // Subqueries rather than joins: a join of six tables made PostgreSQL search join orders on
      // every sign-in check, which cost more than the round trip it saves.
      accounts: versionOf("accounts"),
      transactions: versionOf("transactions"),
      orders: versionOf("orders"),
      optimizations: versionOf("optimizations"),
      notifications: versionOf("notifications"),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(viewedUsers, eq(viewedUsers.id, sessions.viewingUserId))
    // Closing a login ends its sessions; a closed login is never signed in, whatever is left behind.
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), isNull(users.closedAt)))
    .limit(1)
    .prepare("find_live_session"),
);

/**
 * The live session for a token, its user and the customer it views as, in one query; null when it
 * is unknown, idle too long or too old.
 */
export async function findLiveSession(
  checks: SessionChecks,
  policy: SessionPolicy,
  token: string,
  now = new Date(),
): Promise<LiveSession | null> {
  const { db } = checks;
  const row = await checks.row(hashSecretToken(token));
  if (!row) return null;
  // Copies: the caller may change what it is given, and a kept row is shared by later requests.
  const session = { ...row.session };
  const user = { ...row.user };
  const idleFor = now.getTime() - session.lastSeenAt.getTime();
  if (session.expiresAt <= now || idleFor >= policy.idleTimeoutMs) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (idleFor >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
    session.lastSeenAt = now;
  }
  const listVersions = {
    accounts: row.accounts ?? 0,
    transactions: row.transactions ?? 0,
    orders: row.orders ?? 0,
    optimizations: row.optimizations ?? 0,
    notifications: row.notifications ?? 0,
  };
  const viewing = user.role === "admin" && row.viewing ? { ...row.viewing } : null;
  return { session, user, viewing, listVersions };
}

type SessionCheckRow = Awaited<ReturnType<ReturnType<typeof liveSessionQuery>["execute"]>>[number];

/** Enough for every browser signed in at once on one instance; past it, all are read again. */
const MAX_KEPT_CHECKS = 10_000;

/**
 * The session checks of one database, kept (decisions 044, 061 and 081). The row read at a
 * generation of the database's changes is given again while the generation has not moved; while
 * it is undefined (a server whose notifications are not proven to arrive), nothing is kept. The
 * generation is taken before the statement is sent, so a change that lands while it runs makes the
 * kept row stale, never the other way round.
 */
export class SessionChecks {
  readonly #kept = new Map<string, { generation: number; row: SessionCheckRow | null }>();

  constructor(
    readonly db: Database,
    private readonly changes: DatabaseChanges,
  ) {}

  async row(tokenHash: string): Promise<SessionCheckRow | null> {
    const generation = this.changes.current();
    if (generation === undefined) return this.read(tokenHash);
    const hit = this.#kept.get(tokenHash);
    if (hit && hit.generation === generation) return hit.row;
    const row = await this.read(tokenHash);
    if (this.#kept.size >= MAX_KEPT_CHECKS) this.#kept.clear();
    this.#kept.set(tokenHash, { generation, row });
    return row;
  }

  private async read(tokenHash: string): Promise<SessionCheckRow | null> {
    return (await liveSessionQuery(this.db).execute({ tokenHash }))[0] ?? null;
  }
}

export async function deleteSession(db: Database, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function deleteUserSessions(
  db: Database,
  userId: number,
  keepSessionId?: number,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)),
    );
}

/** Removes sessions that can no longer be used; called from a periodic housekeeping task. */
export async function deleteDeadSessions(
  db: Database,
  policy: SessionPolicy,
  now = new Date(),
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, now),
        lt(sessions.lastSeenAt, new Date(now.getTime() - policy.idleTimeoutMs)),
      ),
    );
}

/** A user's live sessions, most recently used first. */
export async function listUserSessions(
  db: Database,
  policy: SessionPolicy,
  userId: number,
  now = new Date(),
) {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.filter(
    (s) => s.expiresAt > now && now.getTime() - s.lastSeenAt.getTime() < policy.idleTimeoutMs,
  );
}

/**
 * Records a fresh proof on a session (a password, an authenticator code or a passkey asked for again
 * before a secret is shown): from now on it counts as proven, by that method, until STEP_UP_MINUTES.
 */
export async function markSessionProven(
  db: Database,
  sessionId: number,
  provenBy: SessionProof,
  now = new Date(),
): Promise<void> {
  await db.update(sessions).set({ provenBy, provenAt: now }).where(eq(sessions.id, sessionId));
}

/** Ends one session if it belongs to the user; false when there is no such session of theirs. */
export async function deleteOwnSession(db: Database, userId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}
