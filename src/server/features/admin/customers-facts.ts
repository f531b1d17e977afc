/**
 * What the customers list and a customer's page say about each customer beyond their row: accounts by
 * status, the latest sign-in, what they paid and whether a payment failed, how they sign in. Read for a
 * page's customers at once, one grouped query each, so a page of 50 costs the same few queries as one.
 */
import { and, count, inArray, isNotNull, max, not, sql } from "drizzle-orm";
import type { AccountsByStatus, PaidTotal } from "../../../shared/api/admin-customers";
import { accountStatusOf } from "../../../shared/linkedin-account-rules";
import type { Database } from "../../platform/db/database";
import {
  auditEvents,
  linkedinAccounts,
  passkeys,
  sessions,
  transactions,
  twoFactorApps,
} from "../../platform/db/schema";
import { firstInvoiceOfCheckout } from "../billing";

/** The audit kinds that are a sign-in. */
const SIGN_IN_KINDS = ["sign-in", "google-sign-in"] as const;

/**
 * A ledger row's kind as payment-kinds.ts reads it (trimmed, without regard to case): what it adds to
 * the total paid (payments and renewals add, refunds take away) and whether it is a failure.
 */
const eventType = sql`lower(trim(${transactions.eventType}))`;
const signedPaid = sql`case
  when ${eventType} in ('checkout.session.completed', 'payment.succeeded') then ${transactions.amountCents}
  when ${eventType} = 'refund.created' then -abs(${transactions.amountCents})
  else 0 end`;

export interface CustomerFacts {
  accounts: AccountsByStatus;
  lastSignInAt: Date | null;
  totalPaid: PaidTotal[];
  failedPayments: boolean;
  passkeys: number;
  authenticator: boolean;
}

const noAccounts = (): AccountsByStatus => ({
  signedIn: 0,
  notSignedIn: 0,
  wrongPassword: 0,
  restricted: 0,
  total: 0,
});

const STATUS_KEYS = {
  "signed-in": "signedIn",
  "not-signed-in": "notSignedIn",
  "wrong-password": "wrongPassword",
  restricted: "restricted",
} as const;

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** The facts of each user id asked for (every id gets an entry). */
export async function customerFacts(db: Database, userIds: number[]): Promise<Map<number, CustomerFacts>> {
  const facts = new Map<number, CustomerFacts>(
    userIds.map((id) => [
      id,
      {
        accounts: noAccounts(),
        lastSignInAt: null,
        totalPaid: [],
        failedPayments: false,
        passkeys: 0,
        authenticator: false,
      },
    ]),
  );
  if (userIds.length === 0) return facts;
  const [accountRows, sessionRows, auditRows, ledgerRows, passkeyRows, appRows] = await Promise.all([
    db
      .select({ userId: linkedinAccounts.userId, status: linkedinAccounts.status, n: count() })
      .from(linkedinAccounts)
      .where(inArray(linkedinAccounts.userId, userIds))
      .groupBy(linkedinAccounts.userId, linkedinAccounts.status),
    // Sessions end and are deleted; the audit log keeps every sign-in since it began. The later wins.
    db
      .select({ userId: sessions.userId, at: max(sessions.createdAt) })
      .from(sessions)
      .where(inArray(sessions.userId, userIds))
      .groupBy(sessions.userId),
    db
      .select({ userId: auditEvents.subjectUserId, at: max(auditEvents.at) })
      .from(auditEvents)
      .where(and(inArray(auditEvents.subjectUserId, userIds), inArray(auditEvents.kind, [...SIGN_IN_KINDS])))
      .groupBy(auditEvents.subjectUserId),
    // A subscription checkout's first invoice is the same payment as the checkout (decision 030).
    db
      .select({
        userId: transactions.userId,
        currency: sql<string>`upper(${transactions.currency})`,
        paid: sql<number>`coalesce(sum(${signedPaid}), 0)::int`,
        paying: sql<boolean>`bool_or(${eventType} in ('checkout.session.completed', 'payment.succeeded', 'refund.created'))`,
        failed: sql<boolean>`bool_or(${eventType} = 'payment.failed')`,
      })
      .from(transactions)
      .where(and(inArray(transactions.userId, userIds), not(firstInvoiceOfCheckout)))
      .groupBy(transactions.userId, sql`upper(${transactions.currency})`),
    db
      .select({ userId: passkeys.userId, n: count() })
      .from(passkeys)
      .where(inArray(passkeys.userId, userIds))
      .groupBy(passkeys.userId),
    db
      .select({ userId: twoFactorApps.userId })
      .from(twoFactorApps)
      .where(and(inArray(twoFactorApps.userId, userIds), isNotNull(twoFactorApps.enabledAt))),
  ]);
  for (const row of accountRows) {
    const entry = facts.get(row.userId);
    if (!entry) continue;
    entry.accounts[STATUS_KEYS[accountStatusOf(row.status)]] += row.n;
    entry.accounts.total += row.n;
  }
  for (const row of [...sessionRows, ...auditRows]) {
    const entry = row.userId === null ? undefined : facts.get(row.userId);
    if (entry && row.at) entry.lastSignInAt = later(entry.lastSignInAt, new Date(row.at));
  }
  for (const row of ledgerRows) {
    const entry = row.userId === null ? undefined : facts.get(row.userId);
    if (!entry) continue;
    if (row.paying) entry.totalPaid.push({ cents: Number(row.paid), currency: row.currency });
    if (row.failed) entry.failedPayments = true;
  }
  for (const entry of facts.values()) entry.totalPaid.sort((a, b) => b.cents - a.cents);
  for (const row of passkeyRows) {
    const entry = facts.get(row.userId);
    if (entry) entry.passkeys = row.n;
  }
  for (const row of appRows) {
    const entry = facts.get(row.userId);
    if (entry) entry.authenticator = true;
  }
  return facts;
}

/** The facts read for one of the ids asked for. */
export function factsOf(facts: Map<number, CustomerFacts>, userId: number): CustomerFacts {
  const entry = facts.get(userId);
  if (!entry) throw new Error(`no facts read for user ${userId}`);
  return entry;
}
