/** The reads and writes of replacement requests (decision 040), as the contract shows them. */
import { and, desc, eq, inArray, lt, notInArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { accountLabel } from "../../../shared/account-label";
import {
  OPEN_REQUEST_STATUSES,
  type ReplacementRequest,
  type ReplacementRequestList,
  type ReplacementRequestListQuery,
} from "../../../shared/api/replacement-requests";
import type { Database } from "../../platform/db/database";
import {
  type LinkedinAccountRow,
  linkedinAccounts,
  replacementRequests as requests,
} from "../../platform/db/schema";
import { badRequest } from "../../platform/http/errors";
import { fieldError } from "../../platform/i18n/message";

/** Ids are int4 in the database: a larger number names nothing, and Postgres would refuse to compare it. */
const MAX_ID = 2_147_483_647;

const reported = alias(linkedinAccounts, "reported");
const replacement = alias(linkedinAccounts, "replacement");

const columns = {
  id: requests.id,
  accountId: reported.id,
  accountLabel: requests.accountLabel,
  kind: requests.kind,
  wish: requests.wish,
  note: requests.note,
  status: requests.status,
  operatorNote: requests.operatorNote,
  replacementId: replacement.id,
  replacementFirstName: replacement.firstName,
  replacementLastName: replacement.lastName,
  replacementEmail: replacement.linkedinEmail,
  airtableRecordId: requests.airtableRecordId,
  createdAt: requests.createdAt,
  statusChangedAt: requests.statusChangedAt,
};

type Row = Awaited<ReturnType<typeof selectRequests>>[number];

function toApi(row: Row): ReplacementRequest {
  return {
    id: row.id,
    accountId: row.accountId,
    accountLabel: row.accountLabel,
    kind: row.kind,
    wish: row.wish,
    note: row.note,
    status: row.status,
    operatorNote: row.operatorNote,
    replacementAccount:
      row.replacementId === null
        ? null
        : {
            id: row.replacementId,
            label: accountLabel({
              id: row.replacementId,
              firstName: row.replacementFirstName,
              lastName: row.replacementLastName,
              linkedinEmail: row.replacementEmail,
            }),
          },
    delivered: row.airtableRecordId !== null,
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt.toISOString(),
  };
}

/** The customer's requests matching `where`, newest first, with the accounts they name still theirs. */
function selectRequests(db: Database, ownerId: number, where: SQL | undefined) {
  return (
    db
      .select(columns)
      .from(requests)
      // The accounts shown are the customer's own: one that moved to someone else is no longer named.
      .leftJoin(reported, and(eq(reported.id, requests.accountId), eq(reported.userId, requests.userId)))
      .leftJoin(
        replacement,
        and(
          eq(replacement.airtableRecordId, requests.replacementRecordId),
          eq(replacement.userId, requests.userId),
        ),
      )
      .where(and(eq(requests.userId, ownerId), where))
      .orderBy(desc(requests.id))
  );
}

/** The cursor of this list is the id of the last request of the page. */
function decodeCursor(cursor: string): number {
  if (!/^[1-9]\d{0,9}$/.test(cursor) || Number(cursor) > MAX_ID) {
    throw badRequest(
      fieldError("cursor", /*i18n*/ { id: "error.cursor.not-of-list", message: "not a cursor of this list" }),
    );
  }
  return Number(cursor);
}

export async function listRequests(
  db: Database,
  ownerId: number,
  query: ReplacementRequestListQuery,
): Promise<ReplacementRequestList> {
  const open = [...OPEN_REQUEST_STATUSES];
  const conditions: Array<SQL | undefined> = [];
  if (query.status === "open") conditions.push(inArray(requests.status, open));
  else if (query.status === "closed") conditions.push(notInArray(requests.status, open));
  else if (query.status) conditions.push(eq(requests.status, query.status));
  if (query.accountId !== undefined) {
    if (query.accountId > MAX_ID) return { requests: [], nextCursor: null };
    conditions.push(eq(requests.accountId, query.accountId));
  }
  if (query.cursor) conditions.push(lt(requests.id, decodeCursor(query.cursor)));
  const rows = await selectRequests(db, ownerId, and(...conditions)).limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    requests: page.map(toApi),
    nextCursor: rows.length > query.limit && last ? String(last.id) : null,
  };
}

/** One of the customer's requests, or undefined when they have none with this id. */
export async function findRequest(
  db: Database,
  ownerId: number,
  id: number,
): Promise<ReplacementRequest | undefined> {
  if (id > MAX_ID) return undefined;
  const [row] = await selectRequests(db, ownerId, eq(requests.id, id)).limit(1);
  return row ? toApi(row) : undefined;
}

/** The customer's own account, or undefined (another's or none: the same answer). */
export async function findOwnAccount(
  db: Database,
  ownerId: number,
  accountId: number,
): Promise<LinkedinAccountRow | undefined> {
  if (accountId > MAX_ID) return undefined;
  const [row] = await db
    .select()
    .from(linkedinAccounts)
    .where(and(eq(linkedinAccounts.id, accountId), eq(linkedinAccounts.userId, ownerId)))
    .limit(1);
  return row;
}

/** Whether the account (by its record in the base) has a request still open. */
export async function hasOpenRequest(db: Database, accountRecordId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(
      and(
        eq(requests.accountRecordId, accountRecordId),
        inArray(requests.status, [...OPEN_REQUEST_STATUSES]),
      ),
    )
    .limit(1);
  return row !== undefined;
}
