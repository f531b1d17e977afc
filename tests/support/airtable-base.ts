/**
 * Records in the operator's format for the fake Airtable base, named by the built-in field map, and
 * an Airtable source tuned for tests (short timeouts and back-off, and a faster request schedule when
 * the fake's rate limit is off).
 */
import { randomUUID } from "node:crypto";
import { BUILT_IN_FIELD_MAP } from "../../src/server/features/sync/field-map";
import { airtableSource } from "../../src/server/platform/adapters/records/airtable-source";
import type { RecordSource } from "../../src/server/platform/adapters/records/port";
import type { Database } from "../../src/server/platform/db/database";
import type { FakeAirtable, FakeAirtableRecordInput } from "../fakes/airtable-server";
import { TOTP_SECRET } from "./builders";

export const TABLE = {
  users: BUILT_IN_FIELD_MAP.tables.users.table,
  accounts: BUILT_IN_FIELD_MAP.tables.linkedinAccounts.table,
  optimizations: BUILT_IN_FIELD_MAP.tables.profileOptimizations.table,
  transactions: BUILT_IN_FIELD_MAP.tables.transactions.table,
  requests: BUILT_IN_FIELD_MAP.tables.replacementRequests.table,
} as const;

const F = {
  users: BUILT_IN_FIELD_MAP.tables.users.fields,
  accounts: BUILT_IN_FIELD_MAP.tables.linkedinAccounts.fields,
  optimizations: BUILT_IN_FIELD_MAP.tables.profileOptimizations.fields,
  transactions: BUILT_IN_FIELD_MAP.tables.transactions.fields,
  requests: BUILT_IN_FIELD_MAP.tables.replacementRequests.fields,
};

/** Builds a record's fields from portal column names, as the base would hold them. */
function fields(map: Record<string, string>, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([column, value]) => {
      const name = map[column];
      if (!name) throw new Error(`no field for ${column}`);
      return [name, value];
    }),
  );
}

export const userFields = (values: Record<string, unknown>) => fields(F.users, values);
export const accountFields = (values: Record<string, unknown>) => fields(F.accounts, values);
export const optimizationFields = (values: Record<string, unknown>) => fields(F.optimizations, values);
export const transactionFields = (values: Record<string, unknown>) => fields(F.transactions, values);
export const requestFields = (values: Record<string, unknown>) => fields(F.requests, values);

export interface BaseSpec {
  customers: number;
  accountsPerCustomer: number;
  optimizationsPerCustomer?: number;
  transactionsPerCustomer?: number;
}

export interface BaseContents {
  tables: Record<string, FakeAirtableRecordInput[]>;
  /** Every table's field names, so the fake knows them even in an empty table (as Airtable would). */
  fields: Record<string, string[]>;
  customers: Array<{ uid: string; email: string; name: string }>;
}

/**
 * A base of `customers` customers, each with the given number of accounts, optimizations and
 * transactions. Every record was last modified an hour ago, so an incremental run that starts now
 * reads only what a test changes.
 */
export function airtableBase(spec: BaseSpec, prefix = "c"): BaseContents {
  const lastModifiedTime = new Date(Date.now() - 60 * 60_000).toISOString();
  const customers = Array.from({ length: spec.customers }, (_, i) => ({
    uid: randomUUID(),
    email: `${prefix}${i}@customers.example`,
    name: `Customer ${prefix}${i}`,
  }));
  const tables: BaseContents["tables"] = {
    [TABLE.users]: customers.map((c, i) => ({
      fields: userFields({ ...c, username: `${prefix}user${i}` }),
      lastModifiedTime,
    })),
    [TABLE.accounts]: [],
    [TABLE.optimizations]: [],
    [TABLE.transactions]: [],
    // The portal creates the requests' records; the base starts with none.
    [TABLE.requests]: [],
  };
  const fieldNames = {
    [TABLE.users]: Object.values(F.users),
    [TABLE.accounts]: Object.values(F.accounts),
    [TABLE.optimizations]: Object.values(F.optimizations),
    [TABLE.transactions]: Object.values(F.transactions),
    [TABLE.requests]: Object.values(F.requests),
  };
  const add = (table: string, record: FakeAirtableRecordInput) =>
    tables[table]?.push({ ...record, lastModifiedTime });
  customers.forEach((c, i) => {
    for (let n = 0; n < spec.accountsPerCustomer; n++) {
      add(TABLE.accounts, {
        fields: accountFields({
          uid: [c.uid],
          accountType: ["lite", "plus", "exec", "Sales Navigator"][n % 4],
          firstName: `First${i}-${n}`,
          lastName: `Last${n}`,
          linkedinEmail: `acct${i}-${n}@linkedin.example`,
          linkedinPassword: `pw-${i}-${n}`,
          status: ["Signed In", "Not Signed In", "Wrong Password", "Restricted - Submit ID"][n % 4],
          isPremium: n % 2 === 0,
          connectionsCount: 100 + n,
          proxyPassword: `proxy-${i}-${n}`,
          proxyUrl: `http://user-${i}-${n}:proxy-${i}-${n}@203.0.113.${n + 1}:3128`,
          twoFaCode: n % 3 === 0 ? TOTP_SECRET : undefined,
          twoFaRecoveryCodes: n % 3 === 0 ? "aaaa-1111\nbbbb-2222\ncccc-3333" : undefined,
        }),
      });
    }
    for (let n = 0; n < (spec.optimizationsPerCustomer ?? 0); n++) {
      add(TABLE.optimizations, {
        fields: optimizationFields({
          uid: [c.uid],
          formName: `Form ${n}`,
          status: "in_review",
          profilesToOptimize: 3,
        }),
      });
    }
    for (let n = 0; n < (spec.transactionsPerCustomer ?? 0); n++) {
      add(TABLE.transactions, {
        fields: transactionFields({
          uid: [c.uid],
          eventId: `evt_${i}_${n}`,
          eventType: "payment.succeeded",
          amountActual: "98.00",
          currency: "usd",
          product: "LinkedIn Lite",
        }),
      });
    }
  });
  return { tables, fields: fieldNames, customers };
}

/** An Airtable source for tests: gives up quickly, and waits out a 429 for as long as the fake's penalty. */
export function testAirtableSource(
  db: Database,
  fake: FakeAirtable,
  options: { penaltyMs?: number; requestsPerSecond?: number; timeoutMs?: number; attempts?: number } = {},
): RecordSource {
  return airtableSource(
    db,
    { apiUrl: fake.url, baseId: fake.baseId, token: fake.token },
    {
      timeoutMs: options.timeoutMs ?? 1_000,
      retry: { attempts: options.attempts ?? 4, baseDelayMs: 5, maxDelayMs: 20, rateLimitedAttempts: 3 },
      rateLimitPenaltyMs: options.penaltyMs ?? 30_000,
      requestsPerSecond: options.requestsPerSecond,
    },
  );
}
