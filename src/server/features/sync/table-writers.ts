/**
 * Writes mapped records into the portal's tables: one batched upsert per page, keyed by the record
 * id, and the removal of rows whose records are gone. Each table has a writer; the engine drives them.
 */
import { and, eq, getTableColumns, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SyncErrorDetail } from "../../../shared/api/sync";
import type { Database } from "../../platform/db/database";
import { violatedUniqueConstraint } from "../../platform/db/errors";
import {
  linkedinAccounts,
  outboxJobs,
  profileOptimizations,
  transactions,
  users,
} from "../../platform/db/schema";
import { sealRecoveryCodes } from "../../platform/secrets/recovery-codes";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { centsOfAmountText, currencyCode, storeBaseTransactions } from "../billing";
import type { NewNotification } from "../notifications";
import { type SyncTable, TABLE_COLUMNS } from "./field-map";
import type { MappedValue } from "./record-mapper";
import { replacementRequestsWriter } from "./requests-writer";
import type { TableWriter, ValidRecord, WriteContext, WriteOutcome } from "./table-writer";
import { WRITE_BACK_KEY_PREFIX } from "./write-back";

/**
 * A proxy URL often carries the proxy's username and password (`http://user:password@host:port`).
 * The password is stored sealed on its own, so the URL keeps only where the proxy is.
 */
export function withoutCredentials(url: string | null): string | null {
  // Everything in the authority up to its last "@", with or without a scheme; not the WHATWG parser,
  // which reads "user:password@host" as a URL of the scheme "user".
  return url === null ? null : url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/?#]*@/i, "$1");
}

const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** `SET column = excluded.column` for every column given: the upsert writes the whole record. */
function fromExcluded(table: PgTable, keys: string[]): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.fromEntries(
    keys.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`no column ${key}`);
      return [key, sql.raw(`excluded."${column.name}"`)];
    }),
  );
}

const text = (value: MappedValue | undefined): string | null => (typeof value === "string" ? value : null);
const integer = (value: MappedValue | undefined): number | null => (typeof value === "number" ? value : null);
const flag = (value: MappedValue | undefined): boolean => value === true;
const date = (value: MappedValue | undefined): Date | null => (value instanceof Date ? value : null);

function createdAt(record: ValidRecord, now: Date): Date {
  const given = date(record.values.createdAt);
  if (given) return given;
  const created = record.createdTime ? new Date(record.createdTime) : undefined;
  return created && !Number.isNaN(created.getTime()) ? created : now;
}

// Users ------------------------------------------------------------------------------------------

/** What a clash with each unique rule of users means, by the column it is on. */
const USER_CLASHES: Record<string, { column: string; message: string }> = {
  users_email_lower_key: { column: "email", message: "is already used by another portal account" },
  users_uid_key: { column: "uid", message: "is already used by another customer" },
  users_username_lower_key: { column: "username", message: "is already taken by another portal account" },
};

/** What the admin reads when a record's customer registered first and has not verified their email. */
export const UNVERIFIED_EMAIL_MESSAGE =
  "a portal account with this email exists but its email is not verified yet: the customer must follow the verification link (they can resend it from the dashboard)";

interface RegisteredFirst {
  id: number;
  uid: string;
  verified: boolean;
}

/**
 * Portal accounts, by lower-cased email, that are linked to no record of the base: customers who
 * registered before their record reached the portal (decision 016).
 */
async function registeredFirst(db: Database, emails: string[]): Promise<Map<string, RegisteredFirst>> {
  const found = new Map<string, RegisteredFirst>();
  const lowered = [...new Set(emails.map((email) => email.toLowerCase()))];
  for (const part of chunks(lowered)) {
    const rows = await db
      .select({ id: users.id, uid: users.uid, email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(
        and(
          isNull(users.airtableRecordId),
          isNull(users.closedAt),
          inArray(sql`lower(${users.email})`, part),
        ),
      );
    for (const row of rows) {
      found.set(row.email.toLowerCase(), { id: row.id, uid: row.uid, verified: row.verifiedAt !== null });
    }
  }
  return found;
}

/**
 * A record still held by a closed login goes to the proven account that now has its email (a customer
 * who came back by registering and verifying, or with Google, decision 034): the closed row lets go of
 * the record and of the record's UID (it takes a random one), and the base's own rows it owned (LinkedIn
 * accounts, optimizations, the base's transactions) follow the record. The closed row keeps its
 * orders, plans and the payments the portal itself recorded, and stays closed.
 */
async function releaseFromClosedLogin(tx: Database, recordId: string, newOwnerId: number): Promise<void> {
  const [released] = await tx
    .update(users)
    .set({ airtableRecordId: null, closedEmailDigest: null, uid: crypto.randomUUID(), updatedAt: new Date() })
    .where(and(eq(users.airtableRecordId, recordId), isNotNull(users.closedAt)))
    .returning({ id: users.id });
  if (!released) return;
  for (const owned of [linkedinAccounts, profileOptimizations]) {
    await tx.update(owned).set({ userId: newOwnerId }).where(eq(owned.userId, released.id));
  }
  await tx
    .update(transactions)
    .set({ userId: newOwnerId })
    .where(and(eq(transactions.userId, released.id), eq(transactions.source, "airtable")));
}

/**
 * Links portal accounts to the records of these rows, then writes the rows. A linked account takes
 * the record's UID, which the records it owns carry, and its own rows follow; its password, Google
 * id and role stay as they are. One transaction, so a row refused by a unique rule links nothing.
 */
async function linkAndUpsert(
  db: Database,
  rows: Array<typeof users.$inferInsert & { airtableRecordId: string; uid: string }>,
  links: Map<string, RegisteredFirst>,
  upsert: (db: Database, rows: Array<typeof users.$inferInsert>) => Promise<Array<{ id: number }>>,
): Promise<number> {
  const linking = rows.flatMap((row) => {
    const user = links.get(row.email.toLowerCase());
    return user ? [{ row, user }] : [];
  });
  if (linking.length === 0) return (await upsert(db, rows)).length;
  return db.transaction(async (tx) => {
    for (const { row, user } of linking) {
      await releaseFromClosedLogin(tx, row.airtableRecordId, user.id);
      await tx
        .update(users)
        .set({ airtableRecordId: row.airtableRecordId })
        .where(and(eq(users.id, user.id), isNull(users.airtableRecordId)));
    }
    const written = await upsert(tx, rows);
    for (const { row, user } of linking) {
      if (row.uid === user.uid) continue;
      for (const owned of [linkedinAccounts, profileOptimizations, transactions]) {
        await tx.update(owned).set({ uid: row.uid }).where(eq(owned.userId, user.id));
      }
    }
    return written.length;
  });
}

/**
 * Customers. The sync writes their identity and links, never their password, Google id or role, and
 * leaves a customer alone while a change they made in the portal waits to be written back. A closed
 * login (decision 034) is never written: its record neither restores the profile nor re-opens it, and
 * makes no new row while the closed row holds it. A record
 * whose email belongs to a portal account linked to no record links to that account when its email
 * is verified (by a mailed link or by Google), and is refused until then.
 */
export function usersWriter(fieldNames: Record<string, string>): TableWriter {
  const updatable = [
    "uid",
    "email",
    "name",
    "username",
    "profileImageUrl",
    "onboardingUrl",
    "optimizationUrl",
    "lastSyncedAt",
    "updatedAt",
  ];
  const upsert = (db: Database, rows: Array<typeof users.$inferInsert>) =>
    db
      .insert(users)
      .values(rows)
      .onConflictDoUpdate({
        target: users.airtableRecordId,
        set: fromExcluded(users, updatable),
        setWhere: sql`${users.closedAt} is null and not exists (select 1 from ${outboxJobs} where ${outboxJobs.supersedeKey} = ${WRITE_BACK_KEY_PREFIX}::text || ${users.id}::text and ${outboxJobs.doneAt} is null)`,
      })
      .returning({ id: users.id });

  const field = (column: string) => fieldNames[column] ?? column;
  return {
    async write(ctx, records) {
      const rows = records.map((record) => ({
        airtableRecordId: record.recordId,
        uid: text(record.values.uid) ?? "",
        email: text(record.values.email) ?? "",
        name: text(record.values.name) ?? "",
        username: text(record.values.username),
        profileImageUrl: text(record.values.profileImageUrl),
        onboardingUrl: text(record.values.onboardingUrl),
        optimizationUrl: text(record.values.optimizationUrl),
        lastSyncedAt: ctx.now,
        updatedAt: ctx.now,
        createdAt: createdAt(record, ctx.now),
      }));
      const errors: SyncErrorDetail[] = [];
      for (const row of rows) {
        if (row.uid.length > 36)
          errors.push(detail(ctx, row.airtableRecordId, field("uid"), "is longer than 36 characters"));
        // The email is one plain address of at most 255 characters already (record-mapper.ts).
        else if (row.name.length > 100)
          errors.push(detail(ctx, row.airtableRecordId, field("name"), "is longer than 100 characters"));
        else if ((row.username?.length ?? 0) > 50)
          errors.push(detail(ctx, row.airtableRecordId, field("username"), "is longer than 50 characters"));
      }
      const firstRegistered = await registeredFirst(
        ctx.db,
        rows
          .filter((row) => !errors.some((e) => e.recordId === row.airtableRecordId))
          .map((row) => row.email),
      );
      const links = new Map([...firstRegistered].filter(([, user]) => user.verified));
      for (const row of rows) {
        const user = firstRegistered.get(row.email.toLowerCase());
        if (user && !user.verified)
          errors.push(detail(ctx, row.airtableRecordId, field("email"), UNVERIFIED_EMAIL_MESSAGE));
      }
      const bad = new Set(errors.map((error) => error.recordId));
      const good = rows.filter((row) => !bad.has(row.airtableRecordId));
      if (good.length === 0) return { synced: 0, errors };
      try {
        return { synced: await linkAndUpsert(ctx.db, good, links, upsert), errors };
      } catch (err) {
        if (!violatedUniqueConstraint(err)) throw err;
      }
      // One record clashes with another customer (same email, say): write the page record by record
      // so that only the clashing records are refused.
      let synced = 0;
      for (const row of good) {
        try {
          synced += await linkAndUpsert(ctx.db, [row], links, upsert);
        } catch (err) {
          const constraint = violatedUniqueConstraint(err);
          if (!constraint) throw err;
          const clash = USER_CLASHES[constraint];
          errors.push(
            detail(
              ctx,
              row.airtableRecordId,
              clash ? field(clash.column) : "record",
              clash?.message ?? "clashes with another portal account",
            ),
          );
        }
      }
      return { synced, errors };
    },

    async localRecordIds(db) {
      const rows = await db
        .select({ recordId: users.airtableRecordId })
        .from(users)
        .where(isNotNull(users.airtableRecordId));
      return rows.flatMap((row) => (row.recordId ? [row.recordId] : []));
    },

    async remove(db, recordIds, fetchStartedAt) {
      for (const ids of chunks(recordIds)) {
        const stale = and(inArray(users.airtableRecordId, ids), lt(users.lastSyncedAt, fetchStartedAt));
        // A customer who never signed in is only a copy of the record, and goes with it. One who has
        // signed in keeps their portal account, no longer linked to the base; so does a closed login,
        // which the ledger names, and which no claim can bring back once its record is gone.
        await db
          .delete(users)
          .where(and(stale, isNull(users.passwordHash), isNull(users.googleId), isNull(users.closedAt)));
        await db
          .update(users)
          .set({ airtableRecordId: null, closedEmailDigest: null, updatedAt: new Date() })
          .where(stale);
      }
    },
  };
}

function detail(ctx: WriteContext, recordId: string, field: string, message: string): SyncErrorDetail {
  return { table: ctx.tableName, recordId, message: `${field}: ${message}` };
}

// Records that belong to a customer --------------------------------------------------------------

type OwnedTable = typeof linkedinAccounts | typeof profileOptimizations | typeof transactions;

/**
 * A writer for a table whose records belong to a customer, found by the UID the record carries.
 * `toRow` builds the table's columns (besides the owner and the record id) from a record.
 */
interface OwnedRecordsOptions {
  /** Writes a batch in place of the plain upsert keyed by the record id. */
  store?: (
    ctx: WriteContext,
    rows: Array<Record<string, unknown> & { airtableRecordId: string }>,
  ) => Promise<WriteOutcome>;
  /** Narrows which rows a record leaving the base may remove (all of the table's by default). */
  removable?: SQL;
  /**
   * What the page changes for customers: reads the page's rows as they stand, locked until the page
   * commits, and answers the entries the written rows make. The page is then one transaction, so two
   * runs at once (a full one and a customer's) take turns on a row and each sees the other's result.
   */
  watch?: (tx: Database, ctx: WriteContext, rows: OwnedRow[]) => Promise<() => NewNotification[]>;
}

type OwnedRow = Record<string, unknown> & { airtableRecordId: string; userId: number };

function ownedRecordsWriter(
  table: OwnedTable,
  uidField: string,
  toRow: (record: ValidRecord, ctx: WriteContext) => Record<string, unknown>,
  options: OwnedRecordsOptions = {},
): TableWriter {
  return {
    async write(ctx, records) {
      const uids = [...new Set(records.map((record) => text(record.values.uid) ?? ""))];
      const owners = new Map<string, number>();
      for (const part of chunks(uids)) {
        const found = await ctx.db
          .select({ id: users.id, uid: users.uid })
          .from(users)
          .where(inArray(users.uid, part));
        for (const owner of found) owners.set(owner.uid, owner.id);
      }
      const errors: SyncErrorDetail[] = [];
      const rows: OwnedRow[] = [];
      for (const record of records) {
        const uid = text(record.values.uid) ?? "";
        const userId = owners.get(uid);
        if (userId === undefined) {
          errors.push(detail(ctx, record.recordId, uidField, `no customer has the UID "${uid}"`));
          continue;
        }
        rows.push({
          ...toRow(record, ctx),
          userId,
          uid,
          airtableRecordId: record.recordId,
          lastSyncedAt: ctx.now,
        });
      }
      if (rows.length === 0) return { synced: 0, errors };
      if (options.store) {
        const stored = await options.store(ctx, rows);
        return { synced: stored.synced, errors: [...errors, ...stored.errors] };
      }
      const keys = Object.keys(rows[0] ?? {}).filter((key) => key !== "airtableRecordId");
      const upsert = (db: Database, batch: OwnedRow[]) =>
        db
          .insert(table)
          // Each table's toRow builds its own columns; the union of three tables' insert types is
          // more than the compiler can match a row against.
          .values(batch as never)
          .onConflictDoUpdate({ target: table.airtableRecordId, set: fromExcluded(table, keys) })
          .returning({ id: table.id });
      const watch = options.watch;
      if (!watch) return { synced: (await upsert(ctx.db, rows)).length, errors };
      // In one order for every run, so that two runs locking the same rows cannot deadlock.
      const ordered = [...rows].sort((a, b) => (a.airtableRecordId < b.airtableRecordId ? -1 : 1));
      const synced = await ctx.db.transaction(async (tx) => {
        const changes = await watch(tx, ctx, ordered);
        const written = await upsert(tx, ordered);
        await ctx.notifier.record(tx, changes());
        return written.length;
      });
      return { synced, errors };
    },

    async localRecordIds(db, userId) {
      const rows = await db
        .select({ recordId: table.airtableRecordId })
        .from(table)
        .where(and(userId === undefined ? undefined : eq(table.userId, userId), options.removable));
      // Rows from payment events have no record in the base: a sync never removes them.
      return rows.flatMap((row) => (row.recordId === null ? [] : [row.recordId]));
    },

    async remove(db, recordIds, fetchStartedAt) {
      for (const ids of chunks(recordIds)) {
        await db
          .delete(table)
          .where(
            and(
              inArray(table.airtableRecordId, ids),
              lt(table.lastSyncedAt, fetchStartedAt),
              options.removable,
            ),
          );
      }
    },
  };
}

function sealed(box: SecretBox, value: MappedValue | undefined): string | null {
  const plain = text(value);
  return plain === null ? null : box.seal(plain);
}

/** The stamp of a change: the record's own last-modified time, else when the row was last written. */
const changeStamp = (lastModified: unknown, lastSyncedAt: Date) =>
  lastModified instanceof Date ? lastModified.toISOString() : `synced ${lastSyncedAt.toISOString()}`;

/** A LinkedIn account as its owner knows it: its name, else its email. */
function accountName(row: Record<string, unknown>): string {
  const name = [row.firstName, row.lastName].filter((part) => typeof part === "string" && part).join(" ");
  return name || (typeof row.linkedinEmail === "string" && row.linkedinEmail) || "An account";
}

/** A status that changed, and an account that is new to its customer (not on the first import). */
const watchAccounts: OwnedRecordsOptions["watch"] = async (tx, ctx, rows) => {
  const before = new Map<string, { userId: number; status: string; lastSyncedAt: Date }>();
  for (const part of chunks(rows.map((row) => row.airtableRecordId))) {
    const found = await tx
      .select({
        recordId: linkedinAccounts.airtableRecordId,
        userId: linkedinAccounts.userId,
        status: linkedinAccounts.status,
        lastSyncedAt: linkedinAccounts.lastSyncedAt,
      })
      .from(linkedinAccounts)
      .where(inArray(linkedinAccounts.airtableRecordId, part))
      .orderBy(linkedinAccounts.airtableRecordId)
      .for("update");
    for (const row of found) if (row.recordId) before.set(row.recordId, row);
  }
  return () =>
    rows.flatMap((row): NewNotification[] => {
      const prior = before.get(row.airtableRecordId);
      const to = String(row.status);
      if (!prior) {
        if (ctx.firstImport) return [];
        return [
          {
            userId: row.userId,
            kind: "account_delivered",
            dedupeKey: `account-delivered:${row.airtableRecordId}`,
            detail: { account: accountName(row) },
            link: "/accounts/linkedin",
          },
        ];
      }
      // A row that moved to another customer is not news to either of them.
      if (prior.userId !== row.userId || prior.status === to) return [];
      return [
        {
          userId: row.userId,
          kind: "account_status_changed",
          dedupeKey: `account-status:${row.airtableRecordId}:${prior.status}:${to}:${changeStamp(row.lastModified, prior.lastSyncedAt)}`,
          detail: { account: accountName(row), from: prior.status, to },
          link: "/accounts/linkedin",
        },
      ];
    });
};

/** An optimization whose status moved on. */
const watchOptimizations: OwnedRecordsOptions["watch"] = async (tx, _ctx, rows) => {
  const before = new Map<string, { userId: number; status: string; lastSyncedAt: Date }>();
  for (const part of chunks(rows.map((row) => row.airtableRecordId))) {
    const found = await tx
      .select({
        recordId: profileOptimizations.airtableRecordId,
        userId: profileOptimizations.userId,
        status: profileOptimizations.status,
        lastSyncedAt: profileOptimizations.lastSyncedAt,
      })
      .from(profileOptimizations)
      .where(inArray(profileOptimizations.airtableRecordId, part))
      .orderBy(profileOptimizations.airtableRecordId)
      .for("update");
    for (const row of found) if (row.recordId) before.set(row.recordId, row);
  }
  return () =>
    rows.flatMap((row): NewNotification[] => {
      const prior = before.get(row.airtableRecordId);
      const to = String(row.status);
      if (!prior || prior.userId !== row.userId || prior.status === to) return [];
      const name =
        [row.formName, row.companyName].find((value) => typeof value === "string" && value) ??
        "Your profile optimization";
      return [
        {
          userId: row.userId,
          kind: "optimization_status_changed",
          dedupeKey: `optimization-status:${row.airtableRecordId}:${prior.status}:${to}:${changeStamp(null, prior.lastSyncedAt)}`,
          detail: { optimization: String(name), from: prior.status, to },
          link: "/optimization",
        },
      ];
    });
};

export function linkedinAccountsWriter(fieldNames: Record<string, string>): TableWriter {
  return ownedRecordsWriter(
    linkedinAccounts,
    fieldNames.uid ?? "UID",
    (record, ctx) => {
      const v = record.values;
      const codes = Array.isArray(v.twoFaRecoveryCodes) ? v.twoFaRecoveryCodes : [];
      return {
        accountType: text(v.accountType) ?? "lite",
        firstName: text(v.firstName),
        lastName: text(v.lastName),
        linkedinEmail: text(v.linkedinEmail),
        linkedinPasswordEncrypted: sealed(ctx.secretBox, v.linkedinPassword),
        profileUrl: text(v.profileUrl),
        status: text(v.status) ?? "Active",
        isPremium: flag(v.isPremium),
        isVerified: flag(v.isVerified),
        isOptimized: flag(v.isOptimized),
        connectionsCount: integer(v.connectionsCount) ?? 0,
        followers: integer(v.followers),
        headline: text(v.headline),
        location: text(v.location),
        industry: text(v.industry),
        gender: text(v.gender),
        proxyCountry: text(v.proxyCountry),
        proxyIp: text(v.proxyIp),
        proxyPort: text(v.proxyPort),
        proxyUsername: text(v.proxyUsername),
        proxyPasswordEncrypted: sealed(ctx.secretBox, v.proxyPassword),
        proxyZoneName: text(v.proxyZoneName),
        proxyUrl: withoutCredentials(text(v.proxyUrl)),
        twoFaSecretEncrypted: sealed(ctx.secretBox, v.twoFaCode),
        twoFaRecoveryCodesEncrypted: sealRecoveryCodes(ctx.secretBox, codes),
        twoFaRecoveryCodeCount: codes.length,
        twoFaStatus: text(v.twoFaStatus),
        verificationType: text(v.verificationType),
        notes: text(v.notes),
        createdAt: createdAt(record, ctx.now),
        lastModified: date(v.lastModified),
      };
    },
    { watch: watchAccounts },
  );
}

/** A table's text columns: every optional column but the ones given, which the writer converts itself. */
function textColumnsOf(table: SyncTable, except: readonly string[]): string[] {
  return TABLE_COLUMNS[table].optional.filter((column) => !except.includes(column));
}

export function profileOptimizationsWriter(fieldNames: Record<string, string>): TableWriter {
  const textColumns = textColumnsOf("profileOptimizations", [
    "formSubmissionDate",
    "profilesToOptimize",
    "status",
    "createdAt",
  ]);
  return ownedRecordsWriter(
    profileOptimizations,
    fieldNames.uid ?? "UID",
    (record, ctx) => ({
      ...Object.fromEntries(textColumns.map((column) => [column, text(record.values[column])])),
      formSubmissionDate: date(record.values.formSubmissionDate),
      profilesToOptimize: integer(record.values.profilesToOptimize),
      status: text(record.values.status) ?? "submitted",
      createdAt: createdAt(record, ctx.now),
      updatedAt: ctx.now,
    }),
    { watch: watchOptimizations },
  );
}

/**
 * The base's transactions join the ledger (decision R12): the text amount ("98.00") also as cents,
 * one row per event id whichever source brought it first, and a record leaving the base removes
 * only rows that came from the base.
 */
export function transactionsWriter(fieldNames: Record<string, string>): TableWriter {
  const textColumns = textColumnsOf("transactions", ["createdTime", "currency"]);
  return ownedRecordsWriter(
    transactions,
    fieldNames.uid ?? "UID",
    (record, ctx) => {
      const amount = text(record.values.amountActual);
      return {
        ...Object.fromEntries(textColumns.map((column) => [column, text(record.values[column])])),
        source: "airtable",
        amountCents: amount === null ? 0 : (centsOfAmountText(amount) ?? 0),
        currency: currencyCode(text(record.values.currency)),
        createdTime: date(record.values.createdTime),
        createdAt: createdAt(record, ctx.now),
      };
    },
    {
      store: async (ctx, rows) => {
        const { synced, problems } = await storeBaseTransactions(ctx.db, rows);
        const eventIdField = fieldNames.eventId ?? "Event ID";
        return { synced, errors: problems.map((p) => detail(ctx, p.recordId, eventIdField, p.message)) };
      },
      removable: eq(transactions.source, "airtable"),
    },
  );
}

export function tableWriter(table: SyncTable, fieldNames: Record<string, string>): TableWriter {
  switch (table) {
    case "users":
      return usersWriter(fieldNames);
    case "linkedinAccounts":
      return linkedinAccountsWriter(fieldNames);
    case "profileOptimizations":
      return profileOptimizationsWriter(fieldNames);
    case "transactions":
      return transactionsWriter(fieldNames);
    case "replacementRequests":
      return replacementRequestsWriter(fieldNames);
  }
}
