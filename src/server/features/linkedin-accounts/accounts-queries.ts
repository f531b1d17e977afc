/** The reads of LinkedIn accounts: the list as the contract shows it, and the sealed secrets of a few. */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { LinkedinAccount, RevealableSecret } from "../../../shared/api/linkedin-accounts";
import type { OpenRequestSummary } from "../../../shared/api/replacement-requests";
import type { Database } from "../../platform/db/database";
import { preparedPerDatabase } from "../../platform/db/prepared";
import { linkedinAccounts as accounts, listVersions, replacementRequests } from "../../platform/db/schema";

/** Ids are int4 in the database: a larger number cannot be an account, and Postgres would refuse to compare it. */
const MAX_ACCOUNT_ID = 2_147_483_647;

type ValueOf<C extends AnyPgColumn> = C["_"]["notNull"] extends true ? C["_"]["data"] : C["_"]["data"] | null;
/** A column as a typed SQL value, so the field map below is checked against the contract's types. */
const value = <C extends AnyPgColumn>(column: C) => sql<ValueOf<C>>`${column}`;
const isStored = (column: AnyPgColumn) => sql<boolean>`${column} is not null`;
/** The same text as Date.prototype.toISOString, which every other answer uses. */
const isoTime = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every field of the contract's account and where it comes from; the compiler checks that the keys
 * are exactly the contract's and the types agree. Secrets are never read, only whether they exist,
 * so the list cannot leak one and needs no decryption; proxy_url is left out as it carries the proxy
 * password.
 */
const listFields = {
  id: value(accounts.id),
  accountType: value(accounts.accountType),
  firstName: value(accounts.firstName),
  lastName: value(accounts.lastName),
  linkedinEmail: value(accounts.linkedinEmail),
  hasPassword: isStored(accounts.linkedinPasswordEncrypted),
  status: value(accounts.status),
  isPremium: value(accounts.isPremium),
  isVerified: value(accounts.isVerified),
  isOptimized: value(accounts.isOptimized),
  headline: value(accounts.headline),
  location: value(accounts.location),
  industry: value(accounts.industry),
  gender: value(accounts.gender),
  connectionsCount: value(accounts.connectionsCount),
  followers: value(accounts.followers),
  profileUrl: value(accounts.profileUrl),
  proxyCountry: value(accounts.proxyCountry),
  proxyIp: value(accounts.proxyIp),
  proxyPort: value(accounts.proxyPort),
  proxyUsername: value(accounts.proxyUsername),
  proxyZoneName: value(accounts.proxyZoneName),
  hasProxyPassword: isStored(accounts.proxyPasswordEncrypted),
  hasTwoFaSecret: isStored(accounts.twoFaSecretEncrypted),
  twoFaRecoveryCodeCount: value(accounts.twoFaRecoveryCodeCount),
  twoFaStatus: value(accounts.twoFaStatus),
  verificationType: value(accounts.verificationType),
  notes: value(accounts.notes),
  createdAt: isoTime(accounts.createdAt),
  lastSyncedAt: isoTime(accounts.lastSyncedAt),
} satisfies { [K in Exclude<keyof LinkedinAccount, "openRequest">]: SQL<LinkedinAccount[K]> };

/** The last field, kept apart: a request changes it without changing its account's row. */
const openRequestFields = {
  id: value(replacementRequests.id),
  // Only open requests are read (the statement below), so the status is one of the open two.
  status: sql<OpenRequestSummary["status"]>`${replacementRequests.status}`,
  wish: value(replacementRequests.wish),
} satisfies { [K in keyof OpenRequestSummary]: SQL<OpenRequestSummary[K]> };

/**
 * What one statement reads of a customer's accounts list, in one snapshot: the list's version, the
 * account ids in the list's order (newest first), the JSON of each account stamped after `since`
 * (all of them for -1) without its open request, and the customer's open requests by account. Each
 * text is lines of "id json" (JSON text never holds a raw line break).
 */
export interface AccountListRead {
  version: number;
  ids: string;
  changed: string;
  openRequests: string;
}

export async function readAccountList(
  db: Database,
  ownerId: number,
  since: number,
): Promise<AccountListRead> {
  const [row] = await accountListQuery(db).execute({ ownerId, since });
  return {
    version: Number(row?.version ?? 0),
    ids: row?.ids ?? "",
    changed: row?.changed ?? "",
    openRequests: row?.openRequests ?? "",
  };
}

/**
 * Built once per database, planned once per connection (see prepared.ts). The database writes each
 * account's JSON because reading 2,000 accounts as rows means 60,000 values to decode one by one: on
 * PGlite that took ~75 ms against ~25 ms for the JSON text.
 */
const accountListQuery = preparedPerDatabase((db) => {
  const fields = sql.join(
    Object.entries(listFields).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
    sql`, `,
  );
  const requestFields = sql.join(
    Object.entries(openRequestFields).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
    sql`, `,
  );
  const ownerId = sql.placeholder("ownerId");
  const since = sql.placeholder("since");
  return db
    .select({
      version: sql<
        string | null
      >`(select ${listVersions.version} from ${listVersions} where ${listVersions.userId} = ${ownerId} and ${listVersions.list} = 'accounts')`,
      ids: sql<
        string | null
      >`string_agg(${accounts.id}::text, ',' order by ${accounts.createdAt} desc, ${accounts.id} desc)`,
      changed: sql<string | null>`string_agg(
        ${accounts.id}::text || ' ' || row_to_json((select account from (select ${fields}) as account))::text, E'\\n'
      ) filter (where ${accounts.listVersion} > ${since})`,
      // One per account at most (replacement_requests_open_per_account_key), a few per customer.
      openRequests: sql<string | null>`(select string_agg(
        open_account.id::text || ' ' || row_to_json((select request from (select ${requestFields}) as request))::text, E'\\n'
      ) from ${replacementRequests} join ${accounts} as open_account
        on open_account.airtable_record_id = ${replacementRequests}.account_record_id
        and open_account.user_id = ${replacementRequests}.user_id
      where ${replacementRequests}.user_id = ${ownerId} and ${replacementRequests}.status in ('submitted', 'in_progress'))`,
    })
    .from(accounts)
    .where(eq(accounts.userId, ownerId))
    .prepare("account_list_read");
});

/** What the audit needs to name an account and its owner. */
export interface AccountIdentity {
  id: number;
  userId: number;
  linkedinEmail: string | null;
  firstName: string | null;
}

const identityColumns = {
  id: accounts.id,
  userId: accounts.userId,
  linkedinEmail: accounts.linkedinEmail,
  firstName: accounts.firstName,
};

const secretColumns = {
  password: accounts.linkedinPasswordEncrypted,
  proxyPassword: accounts.proxyPasswordEncrypted,
  recoveryCodes: accounts.twoFaRecoveryCodesEncrypted,
  twoFaSecret: accounts.twoFaSecretEncrypted,
} as const;

type SealedSecretName = RevealableSecret | "twoFaSecret";

/** One account with one of its secrets, still sealed (null when none is stored). */
export async function findAccountSecret(
  db: Database,
  id: number,
  secret: SealedSecretName,
): Promise<(AccountIdentity & { sealed: string | null }) | undefined> {
  if (id > MAX_ACCOUNT_ID) return undefined;
  const [row] = await db
    .select({ ...identityColumns, sealed: secretColumns[secret] })
    .from(accounts)
    .where(eq(accounts.id, id))
    .limit(1);
  return row;
}

/** The owner's accounts among `ids`, with every revealable secret still sealed; other ids are left out. */
export async function findOwnedAccountsSecrets(db: Database, ownerId: number, ids: number[]) {
  const possible = [...new Set(ids)].filter((id) => id <= MAX_ACCOUNT_ID);
  if (possible.length === 0) return [];
  return db
    .select({
      ...identityColumns,
      password: secretColumns.password,
      proxyPassword: secretColumns.proxyPassword,
      recoveryCodes: secretColumns.recoveryCodes,
    })
    .from(accounts)
    .where(and(eq(accounts.userId, ownerId), inArray(accounts.id, possible)))
    .orderBy(accounts.id);
}
