/**
 * Reading the one audit log for the admin (decision 035): the filters, a page newest first by the
 * keyset (at, id), and every matching entry page by page for the CSV. Only reads: nothing here, nor
 * anywhere in the app, changes or deletes an entry (a trigger refuses it too).
 */
import { aliasedTable, and, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";
import { type AuditEntry, type AuditExportQuery, timeOfBound } from "../../../shared/api/audit";
import type { Database } from "../../platform/db/database";
import { auditEvents, users } from "../../platform/db/schema";

const actors = aliasedTable(users, "actor");
const subjects = aliasedTable(users, "subject");

/** The user a filter names by UID or, with an @, by email (a closed login by its anonymised one). */
async function userIdOf(db: Database, person: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      person.includes("@") ? sql`lower(${users.email}) = ${person.toLowerCase()}` : eq(users.uid, person),
    )
    .limit(1);
  return row?.id;
}

/** The WHERE of the filters, or null when a filter names nobody, so that nothing can match. */
export async function auditFilter(db: Database, query: AuditExportQuery): Promise<SQL | undefined | null> {
  const conditions: SQL[] = [];
  if (query.customer !== undefined) {
    const id = await userIdOf(db, query.customer);
    if (id === undefined) return null;
    const about = or(eq(auditEvents.subjectUserId, id), eq(auditEvents.actorUserId, id));
    if (about) conditions.push(about);
  }
  if (query.actor !== undefined) {
    const id = await userIdOf(db, query.actor);
    if (id === undefined) return null;
    conditions.push(eq(auditEvents.actorUserId, id));
  }
  if (query.kind !== undefined) conditions.push(eq(auditEvents.kind, query.kind));
  if (query.from !== undefined) conditions.push(gte(auditEvents.at, timeOfBound(query.from, "from")));
  if (query.to !== undefined) conditions.push(lt(auditEvents.at, timeOfBound(query.to, "to")));
  return and(...conditions);
}

/**
 * Entries after the cursor's (older, by time and then id), newest first. The cursor is an entry's id:
 * its time is read back from the row, so the comparison keeps the database's microseconds, and an
 * entry, never deleted, always names its place.
 */
export async function auditPage(
  db: Database,
  where: SQL | undefined,
  afterId: number | undefined,
  limit: number,
): Promise<{ entries: AuditEntry[]; lastId: number | undefined; more: boolean }> {
  const after =
    afterId === undefined
      ? undefined
      : sql`(${auditEvents.at}, ${auditEvents.id}) < (select "at", "id" from "audit_events" where "id" = ${afterId})`;
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      kind: auditEvents.kind,
      detail: auditEvents.detail,
      target: auditEvents.target,
      ipAddress: auditEvents.ipAddress,
      actorUid: actors.uid,
      actorName: actors.name,
      actorEmail: actors.email,
      subjectUid: subjects.uid,
      subjectName: subjects.name,
      subjectEmail: subjects.email,
    })
    .from(auditEvents)
    .leftJoin(actors, eq(actors.id, auditEvents.actorUserId))
    .leftJoin(subjects, eq(subjects.id, auditEvents.subjectUserId))
    .where(and(where, after))
    // As the indexes hold them (DESC NULLS LAST): a plain DESC (NULLS FIRST) cannot be read off them.
    .orderBy(sql`${auditEvents.at} desc nulls last`, sql`${auditEvents.id} desc nulls last`)
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  return {
    more,
    lastId: page.at(-1)?.id,
    // A user that no longer exists reads as null: the id it had is of no use and names no one.
    entries: page.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      kind: row.kind,
      actor:
        row.actorUid === null
          ? null
          : { uid: row.actorUid, name: row.actorName ?? "", email: row.actorEmail ?? "" },
      subject:
        row.subjectUid === null
          ? null
          : { uid: row.subjectUid, name: row.subjectName ?? "", email: row.subjectEmail ?? "" },
      detail: row.detail,
      target: row.target,
      ipAddress: row.ipAddress,
    })),
  };
}

const EXPORT_PAGE = 500;

/** Every matching entry, newest first, a page at a time, so the export holds no more than a page. */
export async function* allAuditEntries(db: Database, where: SQL | undefined): AsyncGenerator<AuditEntry[]> {
  let afterId: number | undefined;
  for (;;) {
    const page = await auditPage(db, where, afterId, EXPORT_PAGE);
    if (page.entries.length > 0) yield page.entries;
    if (!page.more || page.lastId === undefined) return;
    afterId = page.lastId;
  }
}
