/**
 * The admin's customers list (decision 037): keyset pages in order of name (without regard to case),
 * then id; a search the `users_search_idx` GIN index serves; yes-or-no filters.
 */
import { and, asc, count, eq, isNotNull, isNull, not, or, type SQL, sql } from "drizzle-orm";
import type { CustomerList, CustomerListQuery, CustomerRow } from "../../../shared/api/admin-customers";
import type { Database } from "../../platform/db/database";
import { passkeys, transactions, twoFactorApps, users } from "../../platform/db/schema";
import { badRequest } from "../../platform/http/errors";
import { fieldError } from "../../platform/i18n/message";
import { customerFacts, factsOf } from "./customers-facts";

/** At most this many words of a search count; more only narrow a list that is empty by then. */
const SEARCH_WORDS = 8;

/**
 * The search's words, lowered and split where the index's document splits (anything not a letter or a
 * digit), each a prefix: "jo exa" finds "Jo Smith <jo@example.com>". None when the text has no word.
 */
export function searchQueryText(q: string | undefined): string | null {
  const words = (q ?? "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, SEARCH_WORDS);
  // Letters and digits only, so no word needs quoting inside the tsquery's own syntax.
  return words.length > 0 ? words.map((word) => `${word}:*`).join(" & ") : null;
}

const hasPasskey = sql`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`;
const hasApp = sql`exists (select 1 from ${twoFactorApps} where ${twoFactorApps.userId} = ${users.id} and ${twoFactorApps.enabledAt} is not null)`;
const hasFailedPayment = sql`exists (select 1 from ${transactions} where ${transactions.userId} = ${users.id} and lower(trim(${transactions.eventType})) = 'payment.failed')`;

/** A portal login: a password, a passkey or Google (a closed login has none of them). */
const hasLogin = or(isNotNull(users.passwordHash), isNotNull(users.googleId), hasPasskey) as SQL;
const hasTwoFactor = or(hasApp, hasPasskey) as SQL;

function yesNo(value: "yes" | "no" | undefined, condition: SQL): SQL | undefined {
  if (value === undefined) return undefined;
  return value === "yes" ? condition : not(condition);
}

/** The conditions of the search and filters, the cursor aside. */
export function customerConditions(query: CustomerListQuery): SQL[] {
  const conditions: (SQL | undefined)[] = [
    yesNo(query.login, hasLogin),
    yesNo(query.google, isNotNull(users.googleId)),
    yesNo(query.twoFactor, hasTwoFactor),
    yesNo(query.unlinked, isNull(users.airtableRecordId)),
    yesNo(query.failedPayments, hasFailedPayment),
  ];
  const search = searchQueryText(query.q);
  if (search) conditions.push(sql`${users.searchDocument} @@ to_tsquery('simple', ${search})`);
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

interface Position {
  name: string;
  id: number;
}

export function encodeCustomerCursor(position: Position): string {
  return Buffer.from(JSON.stringify([position.name, position.id]), "utf8").toString("base64url");
}

/** The position a cursor names; a 400 for text that is no cursor this list gave. */
export function decodeCustomerCursor(cursor: string): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      Number.isSafeInteger(value[1])
    ) {
      return { name: value[0], id: value[1] as number };
    }
  } catch {
    // Not JSON: answered below like any other stranger.
  }
  throw badRequest(
    fieldError("cursor", /*i18n*/ { id: "error.cursor.not-of-list", message: "not a cursor of this list" }),
  );
}

const sortName = sql<string>`lower(${users.name})`;

/** One page of customers matching the query, and how many match in all. */
export async function listCustomers(db: Database, query: CustomerListQuery): Promise<CustomerList> {
  const conditions = customerConditions(query);
  const after = query.cursor ? decodeCustomerCursor(query.cursor) : null;
  const pageConditions = after
    ? [...conditions, sql`(${sortName}, ${users.id}) > (${after.name}, ${after.id})`]
    : conditions;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: users.id,
        uid: users.uid,
        name: users.name,
        sortName,
        email: users.email,
        role: users.role,
        closedAt: users.closedAt,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        googleId: users.googleId,
        airtableRecordId: users.airtableRecordId,
      })
      .from(users)
      .where(and(...pageConditions))
      .orderBy(asc(sortName), asc(users.id))
      .limit(query.limit + 1),
    db
      .select({ total: count() })
      .from(users)
      .where(and(...conditions)),
  ]);
  const page = rows.slice(0, query.limit);
  const facts = await customerFacts(
    db,
    page.map((row) => row.id),
  );
  const customers: CustomerRow[] = page.map((row) => {
    const fact = factsOf(facts, row.id);
    return {
      uid: row.uid,
      name: row.name,
      email: row.email,
      role: row.role,
      closedAt: row.closedAt?.toISOString() ?? null,
      hasLogin: row.hasPassword || row.googleId !== null || fact.passkeys > 0,
      google: row.googleId !== null,
      twoFactor: fact.authenticator || fact.passkeys > 0,
      linkedToBase: row.airtableRecordId !== null,
      accounts: fact.accounts,
      lastSignInAt: fact.lastSignInAt?.toISOString() ?? null,
      totalPaid: fact.totalPaid,
      failedPayments: fact.failedPayments,
    };
  });
  const last = page.at(-1);
  return {
    customers,
    total: counted?.total ?? 0,
    nextCursor:
      rows.length > query.limit && last ? encodeCustomerCursor({ name: last.sortName, id: last.id }) : null,
  };
}

/** The id and name of the user with this uid, if any. */
export async function customerByUid(db: Database, uid: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.uid, uid))
    .limit(1);
  return row;
}
