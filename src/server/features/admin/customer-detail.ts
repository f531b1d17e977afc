/**
 * One customer's page for the admin (decision 037): their profile, how they sign in, their live
 * sessions and everything of theirs the portal holds, each list the newest CUSTOMER_SECTION_LIMIT with
 * its total. The LinkedIn accounts are read column by column: no secret column (a password, a proxy
 * password, a 2FA secret or recovery codes, sealed or not) is ever selected.
 */
import { and, count, desc, eq, inArray, not, or, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import {
  CUSTOMER_AUDIT_LIMIT,
  CUSTOMER_SECTION_LIMIT,
  type CustomerDetail,
  customerAuditPath,
} from "../../../shared/api/admin-customers";
import { DEFAULT_LANGUAGE, type Language } from "../../../shared/i18n/languages";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import {
  auditEvents,
  linkedinAccounts,
  orders,
  profileOptimizations,
  subscriptions,
  syncRuns,
  transactions,
  users,
} from "../../platform/db/schema";
import { listUserSessions } from "../../platform/http/session-store";
import { deviceName } from "../../platform/i18n/device-name";
import { firstInvoiceOfCheckout } from "../billing";
import { customerFacts, factsOf } from "./customers-facts";

const iso = (date: Date | null) => date?.toISOString() ?? null;
const occurredAt = sql<Date>`coalesce(${transactions.createdTime}, ${transactions.createdAt})`;

async function counted(db: Database, table: PgTable, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** The page of the customer with this uid; undefined when no one has it. */
export async function customerDetail(
  db: Database,
  config: Pick<Config, "session">,
  uid: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<CustomerDetail | undefined> {
  const [user] = await db
    .select({
      id: users.id,
      uid: users.uid,
      name: users.name,
      email: users.email,
      username: users.username,
      role: users.role,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      closedAt: users.closedAt,
      airtableRecordId: users.airtableRecordId,
      lastSyncedAt: users.lastSyncedAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      google: sql<boolean>`${users.googleId} is not null`,
    })
    .from(users)
    .where(eq(users.uid, uid))
    .limit(1);
  if (!user) return undefined;

  const mine = {
    accounts: eq(linkedinAccounts.userId, user.id),
    orders: eq(orders.userId, user.id),
    plans: eq(subscriptions.userId, user.id),
    transactions: and(eq(transactions.userId, user.id), not(firstInvoiceOfCheckout)) as SQL,
    optimizations: eq(profileOptimizations.userId, user.id),
    syncRuns: eq(syncRuns.scopeUid, user.uid),
  };
  const cap = CUSTOMER_SECTION_LIMIT;
  const [
    facts,
    liveSessions,
    accounts,
    accountTotal,
    orderRows,
    orderTotal,
    planRows,
    planTotal,
    transactionRows,
    transactionTotal,
    optimizationRows,
    optimizationTotal,
    runRows,
    runTotal,
    auditRows,
  ] = await Promise.all([
    customerFacts(db, [user.id]),
    listUserSessions(db, config.session, user.id),
    db
      .select({
        id: linkedinAccounts.id,
        accountType: linkedinAccounts.accountType,
        firstName: linkedinAccounts.firstName,
        lastName: linkedinAccounts.lastName,
        linkedinEmail: linkedinAccounts.linkedinEmail,
        status: linkedinAccounts.status,
        isPremium: linkedinAccounts.isPremium,
        isVerified: linkedinAccounts.isVerified,
        twoFaStatus: linkedinAccounts.twoFaStatus,
        proxyCountry: linkedinAccounts.proxyCountry,
        lastSyncedAt: linkedinAccounts.lastSyncedAt,
      })
      .from(linkedinAccounts)
      .where(mine.accounts)
      .orderBy(desc(linkedinAccounts.createdAt), desc(linkedinAccounts.id))
      .limit(cap),
    counted(db, linkedinAccounts, mine.accounts),
    db
      .select({
        id: orders.id,
        status: orders.status,
        lines: orders.lines,
        totalCents: orders.totalCents,
        currency: orders.currency,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .where(mine.orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(cap),
    counted(db, orders, mine.orders),
    db
      .select({
        id: subscriptions.id,
        product: subscriptions.product,
        quantity: subscriptions.quantity,
        amountCents: subscriptions.amountCents,
        currency: subscriptions.currency,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      })
      .from(subscriptions)
      .where(mine.plans)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(cap),
    counted(db, subscriptions, mine.plans),
    db
      .select({
        id: transactions.id,
        source: transactions.source,
        eventType: transactions.eventType,
        product: transactions.product,
        amountCents: transactions.amountCents,
        currency: transactions.currency,
        occurredAt,
      })
      .from(transactions)
      .where(mine.transactions)
      .orderBy(desc(occurredAt), desc(transactions.id))
      .limit(cap),
    counted(db, transactions, mine.transactions),
    db
      .select({
        id: profileOptimizations.id,
        formName: profileOptimizations.formName,
        companyName: profileOptimizations.companyName,
        status: profileOptimizations.status,
        profilesToOptimize: profileOptimizations.profilesToOptimize,
        submittedAt: profileOptimizations.formSubmissionDate,
      })
      .from(profileOptimizations)
      .where(mine.optimizations)
      .orderBy(desc(profileOptimizations.formSubmissionDate), desc(profileOptimizations.id))
      .limit(cap),
    counted(db, profileOptimizations, mine.optimizations),
    db
      .select({
        id: syncRuns.id,
        kind: syncRuns.kind,
        trigger: syncRuns.trigger,
        status: syncRuns.status,
        startedAt: syncRuns.startedAt,
        finishedAt: syncRuns.finishedAt,
        synced: syncRuns.synced,
        errors: syncRuns.errors,
        message: syncRuns.message,
      })
      .from(syncRuns)
      .where(mine.syncRuns)
      .orderBy(desc(syncRuns.startedAt), desc(syncRuns.id))
      .limit(cap),
    counted(db, syncRuns, mine.syncRuns),
    db
      .select()
      .from(auditEvents)
      .where(or(eq(auditEvents.subjectUserId, user.id), eq(auditEvents.actorUserId, user.id)))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(CUSTOMER_AUDIT_LIMIT),
  ]);

  const fact = factsOf(facts, user.id);
  const people = await peopleNamed(
    db,
    auditRows.flatMap((row) => [row.actorUserId, row.subjectUserId]),
  );
  const personOf = (id: number | null) => (id === null ? null : (people.get(id) ?? null));

  return {
    profile: {
      uid: user.uid,
      name: user.name,
      email: user.email,
      username: user.username,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      emailVerifiedAt: iso(user.emailVerifiedAt),
      closedAt: iso(user.closedAt),
      linkedToBase: user.airtableRecordId !== null,
      lastSyncedAt: iso(user.lastSyncedAt),
      lastSignInAt: iso(fact.lastSignInAt),
      totalPaid: fact.totalPaid,
      failedPayments: fact.failedPayments,
      accounts: fact.accounts,
    },
    signInMethods: {
      password: user.hasPassword,
      authenticator: fact.authenticator,
      passkeys: fact.passkeys,
      google: user.google,
    },
    sessions: {
      items: liveSessions.slice(0, cap).map((session) => {
        return {
          id: session.id,
          device: deviceName(session.userAgent, language),
          ipAddress: session.ipAddress,
          signedInAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
        };
      }),
      total: liveSessions.length,
    },
    linkedinAccounts: {
      items: accounts.map((account) => ({ ...account, lastSyncedAt: account.lastSyncedAt.toISOString() })),
      total: accountTotal,
    },
    orders: {
      items: orderRows.map((order) => ({
        id: order.id,
        status: order.status,
        summary: order.lines.map((line) => `${line.quantity} × ${line.name}`).join(", "),
        totalCents: order.totalCents,
        currency: order.currency.toUpperCase(),
        createdAt: order.createdAt.toISOString(),
        paidAt: iso(order.paidAt),
      })),
      total: orderTotal,
    },
    plans: {
      items: planRows.map((plan) => ({
        ...plan,
        currency: plan.currency.toUpperCase(),
        currentPeriodEnd: iso(plan.currentPeriodEnd),
      })),
      total: planTotal,
    },
    transactions: {
      items: transactionRows.map((row) => ({
        ...row,
        currency: row.currency.toUpperCase(),
        occurredAt: new Date(row.occurredAt).toISOString(),
      })),
      total: transactionTotal,
    },
    optimizationRequests: {
      items: optimizationRows.map((row) => ({ ...row, submittedAt: iso(row.submittedAt) })),
      total: optimizationTotal,
    },
    syncRuns: {
      items: runRows.map((run) => ({
        ...run,
        startedAt: run.startedAt.toISOString(),
        finishedAt: iso(run.finishedAt),
      })),
      total: runTotal,
    },
    audit: {
      items: auditRows.map((row) => ({
        id: row.id,
        at: row.at.toISOString(),
        kind: row.kind,
        actor: personOf(row.actorUserId),
        subject: personOf(row.subjectUserId),
        detail: row.detail,
        target: row.target,
        ipAddress: row.ipAddress,
      })),
      moreAt: customerAuditPath(user.uid),
    },
  };
}

/** The uid and name of each user id named, those that still exist. */
async function peopleNamed(db: Database, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select({ id: users.id, uid: users.uid, name: users.name })
          .from(users)
          .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, { uid: row.uid, name: row.name }]));
}
