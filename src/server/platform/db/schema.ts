import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { ORDER_STATUSES, type OrderStatus } from "../../../shared/api/shop";
import { SUBSCRIPTION_STATUSES } from "../../../shared/api/subscriptions";
import type { AuditEventKind } from "../../../shared/audit/audit-kinds";
import { LANGUAGES } from "../../../shared/i18n/languages";
import type { OrderLine } from "../../../shared/shop/pricing";

/**
 * PostgreSQL's text-search document. Built in (no extension), so PGlite and any Postgres have it;
 * read back as its text form, which nothing shows.
 */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    uid: varchar("uid", { length: 36 })
      .notNull()
      .$defaultFn(() => crypto.randomUUID()),
    username: varchar("username", { length: 50 }),
    email: varchar("email", { length: 255 }).notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    role: text("role", { enum: ["customer", "admin"] })
      .notNull()
      .default("customer"),
    /** argon2id hash; null for customers imported from the operator's base who have not claimed their record. */
    passwordHash: text("password_hash"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    googleId: text("google_id"),
    replitId: text("replit_id"),
    airtableRecordId: text("airtable_record_id"),
    profileImageUrl: text("profile_image_url"),
    onboardingUrl: text("onboarding_url"),
    optimizationUrl: text("optimization_url"),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** When the customer closed their portal login; the row stays, anonymised, for the ledger. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /**
     * A closed login still linked to a record of the operator's base: the keyed digest (secret box)
     * of the email it had, so an existing-customer claim of that address can re-open it (decision
     * 034). Not the address itself; null once re-opened or no longer linked.
     */
    closedEmailDigest: text("closed_email_digest"),
    /** The language chosen in Settings (decision 050); null to follow the browser's. */
    language: text("language", { enum: LANGUAGES }),
    /**
     * The language the browser last signed in with asked for, of the portal's: what mails sent
     * outside a request speak when no language is chosen (decision 050).
     */
    browserLanguage: text("browser_language", { enum: LANGUAGES }),
    /**
     * What the admin's customer search reads (decision 037): the name, the email with its punctuation
     * as spaces (so "example" finds "jo@example.com") and the uid, as words of the built-in `simple`
     * configuration. Stored, so that a search never computes it for every row, whatever plan it gets.
     */
    searchDocument: tsvector("search_document").generatedAlwaysAs(
      sql`to_tsvector('simple', translate(lower("name" || ' ' || "email" || ' ' || "uid"), '@.+_-''', '      '))`,
    ),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_uid_key").on(t.uid),
    // Emails, usernames and Google ids are unique without regard to case.
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_lower_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_google_id_lower_key").on(sql`lower(${t.googleId})`),
    uniqueIndex("users_airtable_record_id_key").on(t.airtableRecordId),
    index("users_closed_email_digest_idx")
      .on(t.closedEmailDigest)
      .where(sql`${t.closedEmailDigest} is not null`),
    check("users_role_check", sql`${t.role} in ('customer', 'admin')`),
    check("users_language_check", sql`${t.language} in ('en', 'de')`),
    check("users_browser_language_check", sql`${t.browserLanguage} in ('en', 'de')`),
    // The admin's customers list: its search, and its order by name (then id, for keyset pages).
    index("users_search_idx").using("gin", t.searchDocument),
    index("users_name_order_idx").on(sql`lower(${t.name})`, t.id),
  ],
);

/**
 * How a session's holder proved who they are: a password alone, a password and an authenticator
 * code (or a recovery code), a passkey (both factors at once), Google, or a mailed link (a claim).
 */
export const SESSION_PROOFS = [
  "password",
  "password+totp",
  "password+recovery-code",
  "passkey",
  "google",
  "mailed-link",
] as const;
export type SessionProof = (typeof SESSION_PROOFS)[number];

/** Server-side sessions; the cookie carries a random token, of which only the SHA-256 is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: varchar("user_agent", { length: 255 }),
    ipAddress: varchar("ip_address", { length: 64 }),
    /** How the session's holder proved who they are, at sign-in or at the latest fresh proof. */
    provenBy: text("proven_by", { enum: SESSION_PROOFS }).$type<SessionProof>().notNull().default("password"),
    /** When they last proved it: a fresh proof (STEP_UP_MINUTES) is needed before a secret is shown. */
    provenAt: timestamp("proven_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * An admin's session viewing the portal as this customer, read only (decision 036): requests are
     * served as that customer, while the session stays the admin's. Null when not viewing.
     */
    viewingUserId: integer("viewing_user_id").references(() => users.id, { onDelete: "set null" }),
    /** The reason the admin typed when they started viewing. */
    viewingReason: varchar("viewing_reason", { length: 500 }),
    viewingSince: timestamp("viewing_since", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_key").on(t.tokenHash),
    index("sessions_user_id_idx").on(t.userId),
    check(
      "sessions_proven_by_check",
      sql`${t.provenBy} in (${sql.raw(SESSION_PROOFS.map((p) => `'${p}'`).join(", "))})`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * Single-use links sent by email: claiming an imported customer record, resetting a password, and
 * confirming a new email address. Only the token's SHA-256 is stored. A claim also holds the hash of
 * the password typed with it, which takes effect only in the browser that typed it: that browser
 * holds a secret whose SHA-256 is `browserBindingHash`. An email change holds the address to confirm.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: serial("id").primaryKey(),
    purpose: text("purpose", {
      enum: ["claim", "reset", "email-change", "verify-email", "sign-in-disowned"],
    }).notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pendingPasswordHash: text("pending_password_hash"),
    browserBindingHash: text("browser_binding_hash"),
    newEmail: varchar("new_email", { length: 255 }),
    /**
     * The session a "This wasn't me" link ends (decision 072). No foreign key: a session that has
     * ended since leaves the link able to start the password reset.
     */
    sessionId: integer("session_id"),
    ...timestamps,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_tokens_token_hash_key").on(t.tokenHash),
    index("email_tokens_user_id_idx").on(t.userId),
    check(
      "email_tokens_purpose_check",
      sql`${t.purpose} in ('claim', 'reset', 'email-change', 'verify-email', 'sign-in-disowned')`,
    ),
  ],
);

/**
 * A Google sign-in under way: the browser holds a random id in a short-lived HttpOnly cookie, only its
 * SHA-256 is stored, with the state, nonce and PKCE verifier to check the issuer's answer against.
 * Used once; a signed-in user who starts one links Google to their account.
 */
export const oidcFlows = pgTable(
  "oidc_flows",
  {
    id: serial("id").primaryKey(),
    flowHash: text("flow_hash").notNull(),
    state: text("state").notNull(),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    linkUserId: integer("link_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The page of the portal to return to after sign-in, checked when kept and when read. */
    returnTo: text("return_to"),
    ...timestamps,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("oidc_flows_flow_hash_key").on(t.flowHash),
    index("oidc_flows_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * One row per counted hit of a rate limit, kept in the database so limits hold across instances.
 * A limit counts the rows of its key in the last window (a sliding window, not fixed slots).
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_hits_key_at_idx").on(t.key, t.at), index("rate_limit_hits_at_idx").on(t.at)],
);

/**
 * A limit whose hit is taken before the attempt is checked (rate-limiter.ts, `take`): one row per key
 * with the times of the hits still in its window, so that one upsert counts and decides under the
 * row's lock, and attempts at once on several instances cannot all pass a check none had counted yet.
 */
export const rateLimitBudgets = pgTable(
  "rate_limit_budgets",
  {
    key: text("key").primaryKey(),
    taken: timestamp("taken", { withTimezone: true }).array().notNull(),
    /** Whether the latest attempt got a hit: refused ones are not counted. */
    granted: boolean("granted").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_budgets_updated_at_idx").on(t.updatedAt)],
);

/** Mail caught by the development mailbox when no SMTP server is configured (never in production). */
export const devMailbox = pgTable("dev_mailbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Columns every table synced from the operator's base shares: the record it came from, the customer
 * it belongs to (by the UID the base links it with) and when it was last written by a sync.
 */
const syncedRecord = () => ({
  id: serial("id").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  uid: varchar("uid", { length: 36 }).notNull(),
  airtableRecordId: text("airtable_record_id").notNull(),
  lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The LinkedIn accounts a customer bought. The LinkedIn password, the proxy password, the 2FA secret
 * and the recovery codes are stored encrypted (see secrets/secret-box.ts), never in clear.
 */
export const linkedinAccounts = pgTable(
  "linkedin_accounts",
  {
    ...syncedRecord(),
    accountType: text("account_type").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    linkedinEmail: text("linkedin_email"),
    linkedinPasswordEncrypted: text("linkedin_password_encrypted"),
    profileUrl: text("profile_url"),
    status: text("status").notNull().default("Active"),
    isPremium: boolean("is_premium").notNull().default(false),
    isVerified: boolean("is_verified").notNull().default(false),
    isOptimized: boolean("is_optimized").notNull().default(false),
    connectionsCount: integer("connections_count").notNull().default(0),
    followers: integer("followers"),
    headline: text("headline"),
    location: text("location"),
    industry: text("industry"),
    gender: text("gender"),
    proxyCountry: text("proxy_country"),
    proxyIp: text("proxy_ip"),
    proxyPort: text("proxy_port"),
    proxyUsername: text("proxy_username"),
    proxyPasswordEncrypted: text("proxy_password_encrypted"),
    proxyZoneName: text("proxy_zone_name"),
    proxyUrl: text("proxy_url"),
    twoFaSecretEncrypted: text("two_fa_secret_encrypted"),
    twoFaRecoveryCodesEncrypted: text("two_fa_recovery_codes_encrypted"),
    /** How many recovery codes are stored, so a list can say so without decrypting them. */
    twoFaRecoveryCodeCount: integer("two_fa_recovery_code_count").notNull().default(0),
    twoFaStatus: text("two_fa_status"),
    verificationType: text("verification_type"),
    notes: text("notes"),
    ...timestamps,
    lastModified: timestamp("last_modified", { withTimezone: true }),
    /**
     * The owner's accounts list version (listVersions) that the row's last insert or update moved
     * on to, stamped by a trigger (migration 0037): the accounts list reads
     * again only the rows stamped after the version it keeps.
     */
    listVersion: bigint("list_version", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex("linkedin_accounts_airtable_record_id_key").on(t.airtableRecordId),
    index("linkedin_accounts_user_id_idx").on(t.userId),
  ],
);

/** The lists a customer's browser keeps and asks again by version (list_versions.list). */
export const VERSIONED_LISTS = [
  "accounts",
  "transactions",
  "orders",
  "optimizations",
  "notifications",
] as const;
export type VersionedList = (typeof VERSIONED_LISTS)[number];

/**
 * A counter per customer and list that triggers (migration 0037) move on with every change to what
 * the list shows; the list's ETag and kept pages are keyed by it, so checking an unchanged list costs
 * one indexed read instead of building it. What moves each list on:
 * - accounts: the customer's LinkedIn accounts and their replacement requests;
 * - transactions: their ledger rows, the rows sharing an invoice or an order with them ("Pay now", a
 *   checkout's first invoice), and the Stripe customer of their orders and plans (Manage billing);
 * - orders: their orders, and the ledger rows that give an order its receipt;
 * - optimizations: their profile optimizations;
 * - notifications: an entry added, changed, read or removed (not its mail going out).
 * No foreign key: the triggers also fire for the rows a deleted user's cascade removes, after the
 * user row is gone.
 */
export const listVersions = pgTable(
  "list_versions",
  {
    userId: integer("user_id").notNull(),
    list: text("list", { enum: VERSIONED_LISTS }).notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.list] }),
    check(
      "list_versions_list_known",
      sql`${t.list} in ('accounts', 'transactions', 'orders', 'optimizations', 'notifications')`,
    ),
  ],
);

/**
 * How many ledger rows of each event type a customer has, kept by triggers (the
 * transaction_list_counts migration) as the ledger changes, so the transactions list's totals and type
 * filter cost one indexed read instead of a pass over the customer's whole ledger (decision 048). The
 * list takes off the few rows it leaves out (a checkout's first invoice, decision 030) as it reads. A
 * row with no event type counts under null. No foreign key, as above.
 */
export const transactionCountsByType = pgTable(
  "transaction_counts_by_type",
  {
    userId: integer("user_id").notNull(),
    eventType: text("event_type"),
    rowCount: integer("row_count").notNull(),
  },
  (t) => [unique("transaction_counts_by_type_user_type").on(t.userId, t.eventType).nullsNotDistinct()],
);

export const profileOptimizations = pgTable(
  "profile_optimizations",
  {
    ...syncedRecord(),
    formName: text("form_name"),
    companyName: text("company_name"),
    formSubmissionDate: timestamp("form_submission_date", { withTimezone: true }),
    headline: text("headline"),
    aboutSection: text("about_section"),
    jobTitles: text("job_titles"),
    linkedinBanner: text("linkedin_banner"),
    linkedinProfilePicture: text("linkedin_profile_picture"),
    linkedinCompanyPage: text("linkedin_company_page"),
    experienceJobTitle: text("experience_job_title"),
    experienceDescription: text("experience_description"),
    notes: text("notes"),
    profilesToOptimize: integer("profiles_to_optimize"),
    optimizationType: text("optimization_type"),
    profileUrl: text("profile_url"),
    gender: text("gender"),
    ethnicity: text("ethnicity"),
    ageRange: text("age_range"),
    currentLocation: text("current_location"),
    targetLocation: text("target_location"),
    industry: text("industry"),
    seniorityLevel: text("seniority_level"),
    companySize: text("company_size"),
    accountLocations: text("account_locations"),
    linkedinPfp: text("linkedin_pfp"),
    education: text("education"),
    skills: text("skills"),
    optimizationFiles: text("optimization_files"),
    otherCriteria: text("other_criteria"),
    status: text("status").notNull().default("submitted"),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("profile_optimizations_airtable_record_id_key").on(t.airtableRecordId),
    index("profile_optimizations_user_id_idx").on(t.userId),
  ],
);

/**
 * The ledger of payment events (decision R12): rows from the operator's base and from the payment
 * provider's signed webhooks, one per event id whichever source brought it first.
 */
export const transactions = pgTable(
  "transactions",
  {
    ...syncedRecord(),
    // A payment event for no known customer is kept for the admin to see; a payment record also
    // outlives its customer's removal.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    uid: varchar("uid", { length: 36 }),
    // Rows the payment provider's webhooks bring have no record in the operator's base.
    airtableRecordId: text("airtable_record_id"),
    /** Where the row came from: the operator's base, Stripe, or the local test checkout. */
    source: text("source", { enum: ["airtable", "stripe", "test"] })
      .notNull()
      .default("airtable"),
    /** The amount in cents; a refund's is the amount refunded, positive (its event type says so). */
    amountCents: integer("amount_cents").notNull().default(0),
    /** ISO 4217, in capitals. */
    currency: text("currency").notNull().default("USD"),
    eventId: text("event_id"),
    csLiveId: text("cs_live_id"),
    object: text("object"),
    clientRefId: text("client_ref_id"),
    /** As the operator's base holds it (text such as "98.00"). */
    amountActual: text("amount_actual"),
    product: text("product"),
    eventType: text("event_type"),
    email: text("email"),
    name: text("name"),
    phone: text("phone"),
    customerEmail: text("customer_email"),
    addressCity: text("address_city"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    addressCountry: text("address_country"),
    addressPostcode: text("address_postcode"),
    discounts: text("discounts"),
    /** Stripe's receipt or hosted invoice page. */
    receiptUrl: text("receipt_url"),
    /** The Stripe customer who paid: links later events, and opens the billing portal. */
    stripeCustomerId: text("stripe_customer_id"),
    /** The portal's order this payment paid, when the event named one. */
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    /**
     * The provider's invoice the event concerns (`in_…`): a checkout's first invoice, a paid or failed
     * invoice, the invoice a refunded charge paid. Links a checkout to its receipt, a failed payment
     * to the payment that settled it, and a refund to its order.
     */
    invoiceId: text("invoice_id"),
    /**
     * The provider's charge a refund gives money back from (`ch_…`): its refunds add up to what Stripe
     * reports as the charge's `amount_refunded`, never more than the charge (decision 066).
     */
    chargeId: text("charge_id"),
    createdTime: timestamp("created_time", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("transactions_airtable_record_id_key").on(t.airtableRecordId),
    uniqueIndex("transactions_event_id_key").on(t.eventId).where(sql`${t.eventId} is not null`),
    // One payment per checkout session the provider reports, whatever event ids report it (decision
    // 066); the operator's base keeps its own rows as it writes them.
    uniqueIndex("transactions_checkout_session_key")
      .on(t.csLiveId)
      .where(
        sql`${t.eventType} = 'checkout.session.completed' and ${t.source} <> 'airtable' and ${t.csLiveId} is not null`,
      ),
    index("transactions_charge_id_idx").on(t.chargeId).where(sql`${t.chargeId} is not null`),
    // The list's order: newest first by when the event happened, else when it was recorded.
    index("transactions_user_id_occurred_idx").on(
      t.userId,
      sql`coalesce(${t.createdTime}, ${t.createdAt}) desc`,
    ),
    index("transactions_stripe_customer_id_idx").on(t.stripeCustomerId),
    index("transactions_order_id_idx").on(t.orderId),
    index("transactions_invoice_id_idx").on(t.invoiceId),
    // The checkouts, few among the ledger's rows: the lists leave out a checkout's first invoice
    // (ledger/first-invoice.ts), and read the checkouts once per list rather than the whole ledger.
    // The paid rows that name an invoice or an order, the only ones a checkout can leave out of the
    // list: the list counts those of a customer as it reads (decision 048).
    index("transactions_keyed_payments_idx")
      .on(t.userId)
      .where(
        sql`${t.eventType} = 'payment.succeeded' and (${t.invoiceId} is not null or ${t.orderId} is not null)`,
      ),
    index("transactions_checkouts_idx")
      .on(t.invoiceId, t.orderId, t.receiptUrl)
      .where(sql`${t.eventType} = 'checkout.session.completed'`),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;

/** One row per sync run: what ran, who started it, how far it got and which records failed. */
export const syncRuns = pgTable(
  "sync_runs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["full", "incremental", "user"] }).notNull(),
    trigger: text("trigger", { enum: ["admin", "schedule", "customer", "startup"] }).notNull(),
    startedByUserId: integer("started_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** For a run of one customer's records: that customer's uid. */
    scopeUid: varchar("scope_uid", { length: 36 }),
    source: text("source", { enum: ["airtable", "csv"] }).notNull(),
    status: text("status", { enum: ["running", "succeeded", "failed"] })
      .notNull()
      .default("running"),
    message: text("message"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Records changed after this instant were fetched (incremental runs); null for a full fetch. */
    modifiedSince: timestamp("modified_since", { withTimezone: true }),
    processed: integer("processed").notNull().default(0),
    synced: integer("synced").notNull().default(0),
    errors: integer("errors").notNull().default(0),
    errorDetails: jsonb("error_details")
      .$type<Array<{ table: string; recordId: string | null; message: string }>>()
      .notNull()
      .default([]),
  },
  (t) => [
    index("sync_runs_started_at_idx").on(t.startedAt),
    // A customer's Recent Activity reads their own runs, newest first.
    index("sync_runs_scope_uid_started_at_idx").on(t.scopeUid, t.startedAt.desc()),
  ],
);

/**
 * Leases that keep a kind of run to one at a time across every instance on the database. A lease
 * whose holder stopped renewing it (the process died) can be taken over once it expires.
 */
export const syncLocks = pgTable("sync_locks", {
  name: text("name").primaryKey(),
  /** A random token of the run holding the lease; only its holder renews or releases it. */
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * The request schedule of each Airtable base, shared by every instance: a call reserves the next free
 * slot, so the base never sees more than its rate, whichever instance makes the call.
 */
export const airtableRequestSlots = pgTable("airtable_request_slots", {
  baseId: text("base_id").primaryKey(),
  nextSlotAt: timestamp("next_slot_at", { withTimezone: true }).notNull(),
});

/**
 * Durable background work (decision 025): mail and write-backs to the operator's base, committed in the
 * same transaction as the change that causes them, claimed FOR UPDATE SKIP LOCKED by any instance and
 * retried with back-off. A job is pending until `done_at` or `dead_at` is set; a dead job gave up after
 * its kind's attempts and stays for an admin to see and retry. Jobs sharing a `supersede_key` (a
 * customer's profile write-backs) are delivered newest only: that one stands for the older ones.
 */
export const outboxJobs = pgTable(
  "outbox_jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    supersedeKey: text("supersede_key"),
    /** The kind's own JSON; a mail's is sealed with the secret box and emptied once sent. */
    payload: jsonb("payload").$type<unknown>(),
    ...timestamps,
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The lease of the instance delivering the job: no other claims it until then. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    deadAt: timestamp("dead_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_jobs_due_idx").on(t.nextAttemptAt).where(sql`${t.doneAt} is null and ${t.deadAt} is null`),
    index("outbox_jobs_supersede_key_idx").on(t.supersedeKey),
  ],
);

export type OutboxJobRow = typeof outboxJobs.$inferSelect;

/**
 * Every checkout attempt: who, what, the totals the server computed, and where the payment stands.
 * The payment session id is Stripe's Checkout Session id, or the local test provider's.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    // A payment record outlives its customer's removal from the operator's base.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    status: text("status", { enum: ORDER_STATUSES }).$type<OrderStatus>().notNull().default("open"),
    /** How the order was started: the shop's checkout, the cart API, or a payment link. */
    channel: text("channel", { enum: ["checkout", "cart", "pay-link"] }).notNull(),
    lines: jsonb("lines").$type<OrderLine[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    paymentSessionId: text("payment_session_id"),
    stripeCustomerId: text("stripe_customer_id"),
    /** Why the payment provider refused to start the checkout (status failed). */
    failureReason: text("failure_reason"),
    /**
     * Started through a payment link by someone not signed in as the customer: the customer's list
     * shows it only once it is paid (decision 066).
     */
    byLinkHolder: boolean("by_link_holder").notNull().default(false),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_payment_session_id_key").on(t.paymentSessionId),
    index("orders_user_id_idx").on(t.userId, t.createdAt.desc()),
    check(
      "orders_status_check",
      sql`${t.status} in (${sql.raw(ORDER_STATUSES.map((s) => `'${s}'`).join(", "))})`,
    ),
    check(
      "orders_totals_check",
      sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} and ${t.totalCents} >= 0`,
    ),
  ],
);

/** Each payment provider event id seen, so that a repeated or replayed event changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export type OrderRow = typeof orders.$inferSelect;

/**
 * A customer's plans as the payment provider keeps them: one row per subscription, written from its
 * `customer.subscription.*` events. A later event only moves a row forward (`eventCreated`), so a
 * repeated or late one never undoes a newer state.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    /** Stripe's subscription id (`sub_…`), or the test provider's. */
    subscriptionId: text("subscription_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    stripeCustomerId: text("stripe_customer_id"),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    /** What the plan is, as the items' names and quantities ("3 × LinkedIn Plus"). */
    product: text("product").notNull(),
    quantity: integer("quantity").notNull(),
    /** What each period charges, in cents, after discounts. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** When the plan is set to end, if a date was chosen rather than the period's end. */
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    /** The `created` of the event that wrote the row: an older event changes nothing. */
    eventCreated: timestamp("event_created", { withTimezone: true }).notNull(),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscriptions_subscription_id_key").on(t.subscriptionId),
    index("subscriptions_user_id_idx").on(t.userId),
    index("subscriptions_stripe_customer_id_idx").on(t.stripeCustomerId),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type LinkedinAccountRow = typeof linkedinAccounts.$inferSelect;
export type SyncRunRow = typeof syncRuns.$inferSelect;

/**
 * A user's authenticator app (TOTP, RFC 6238). The secret is sealed with the secrets key. Enrolment
 * keeps the new secret in `pendingSecretSealed` until one correct code moves it to `secretSealed`.
 * `lastUsedStep` is the time step of the newest code accepted, so no code is accepted twice.
 */
export const twoFactorApps = pgTable("two_factor_apps", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed"),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  pendingSecretSealed: text("pending_secret_sealed"),
  pendingSince: timestamp("pending_since", { withTimezone: true }),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
});

/** Single-use recovery codes for the second step, stored as SHA-256 of the normalised code. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    ...timestamps,
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("recovery_codes_user_id_idx").on(t.userId),
    uniqueIndex("recovery_codes_code_hash_key").on(t.userId, t.codeHash),
  ],
);

/** WebAuthn credentials (passkeys). `credentialId` and `publicKey` are base64url. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    deviceType: varchar("device_type", { length: 32 }),
    backedUp: boolean("backed_up").notNull().default(false),
    name: varchar("name", { length: 60 }).notNull(),
    ...timestamps,
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_key").on(t.credentialId),
    index("passkeys_user_id_idx").on(t.userId),
  ],
);

/**
 * A WebAuthn ceremony under way: the challenge the browser must sign, held server-side and named by
 * the SHA-256 of a random id in a short-lived cookie. Used once. `userId` is set for registering a
 * passkey and for a fresh proof; a sign-in with a discoverable passkey names no one in advance.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: serial("id").primaryKey(),
    flowHash: text("flow_hash").notNull(),
    purpose: text("purpose", { enum: ["register", "sign-in", "step-up"] }).notNull(),
    challenge: text("challenge").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webauthn_challenges_flow_hash_key").on(t.flowHash),
    index("webauthn_challenges_expires_at_idx").on(t.expiresAt),
    check("webauthn_challenges_purpose_check", sql`${t.purpose} in ('register', 'sign-in', 'step-up')`),
  ],
);

/**
 * The second step of a sign-in: the password was right and an authenticator code is still owed. The
 * browser holds a random token in a short-lived cookie of its own (only its SHA-256 is here); it is
 * not a session and opens nothing but the second step. Used once; wrong codes count against it.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    ...timestamps,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("pending_sign_ins_token_hash_key").on(t.tokenHash),
    index("pending_sign_ins_user_id_idx").on(t.userId),
  ],
);

/**
 * The one audit log (decision 035): sign-ins and failures, second factors, password and email
 * changes, secrets shown and exported, identity links and every admin action, with who did it, to
 * whom, when and from where. Rows are only ever added: a trigger refuses UPDATE and DELETE. The user
 * ids carry no foreign key, so the log outlives the users it names and copies no email of theirs.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    kind: text("kind").$type<AuditEventKind>().notNull(),
    /** Who did it: the user, or the admin; null for the portal itself or an unknown caller. */
    actorUserId: integer("actor_user_id"),
    /** Whose account it concerns; null when it concerns no one user (a failed sign-in of an unknown name). */
    subjectUserId: integer("subject_user_id"),
    /** What the kind needs to read well: the secret shown, the reason typed, the proof given. */
    detail: varchar("detail", { length: 500 }),
    /** What it was done to, as it read then: an account's label, a payment's id, a job's kind. */
    target: varchar("target", { length: 255 }),
    /** The id of that thing in its own table (an account, a transaction, an outbox job). */
    targetId: integer("target_id"),
    ipAddress: varchar("ip_address", { length: 64 }),
  },
  (t) => [
    index("audit_events_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_events_subject_idx").on(t.subjectUserId, t.at.desc()),
    index("audit_events_actor_idx").on(t.actorUserId, t.at.desc()),
    index("audit_events_kind_idx").on(t.kind, t.at.desc()),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;

/**
 * A customer's report that an account they bought went wrong, and what the operator does about it
 * (decision 040). The portal writes it to the operator's base through the outbox; the operator's
 * status, note and replacement account come back with the sync. One open request (submitted or in
 * progress) per account.
 */
export const replacementRequests = pgTable(
  "replacement_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The account reported; null once the sync removed it (the request stays, with its label). */
    accountId: integer("account_id").references(() => linkedinAccounts.id, { onDelete: "set null" }),
    /** The reported account's record id in the operator's base, written with the request. */
    accountRecordId: text("account_record_id").notNull(),
    /** How the account is named on the request, kept when the account is gone. */
    accountLabel: text("account_label").notNull(),
    kind: text("kind", { enum: ["wrong_password", "restricted", "banned", "other"] }).notNull(),
    wish: text("wish", { enum: ["replacement", "fix"] }).notNull(),
    note: text("note").notNull().default(""),
    status: text("status", {
      enum: ["submitted", "in_progress", "fixed", "replaced", "declined", "withdrawn"],
    })
      .notNull()
      .default("submitted"),
    /** The operator's note (a reason to decline, say), from the base. */
    operatorNote: text("operator_note"),
    /** The new account's record id in the base, when the request was answered with one. */
    replacementRecordId: text("replacement_record_id"),
    /** The request's own record in the operator's base, once the write-back created it. */
    airtableRecordId: text("airtable_record_id"),
    ...timestamps,
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the status last changed. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("replacement_requests_user_id_idx").on(t.userId, t.id.desc()),
    uniqueIndex("replacement_requests_open_per_account_key")
      .on(t.accountRecordId)
      .where(sql`${t.status} in ('submitted', 'in_progress')`),
    uniqueIndex("replacement_requests_airtable_record_id_key").on(t.airtableRecordId),
    check(
      "replacement_requests_kind_check",
      sql`${t.kind} in ('wrong_password', 'restricted', 'banned', 'other')`,
    ),
    check("replacement_requests_wish_check", sql`${t.wish} in ('replacement', 'fix')`),
    check(
      "replacement_requests_status_check",
      sql`${t.status} in ('submitted', 'in_progress', 'fixed', 'replaced', 'declined', 'withdrawn')`,
    ),
  ],
);

export type ReplacementRequestRow = typeof replacementRequests.$inferSelect;

/**
 * What changed for a customer (decision 040): one entry per change, found by the sync or by the
 * portal itself. `dedupe_key` makes a change notified once, however many runs or instances see it;
 * `detail` holds the values the entry's text is built from, so the text follows the reader's language.
 * `mailed_at` is set when a digest mail took the entry, or when its kind's mail is switched off.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    detail: jsonb("detail").$type<Record<string, string | number | null>>().notNull(),
    /** Where the entry leads in the portal (a path), if anywhere. */
    link: text("link"),
    ...timestamps,
    readAt: timestamp("read_at", { withTimezone: true }),
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("notifications_user_dedupe_key").on(t.userId, t.dedupeKey),
    index("notifications_user_id_idx").on(t.userId, t.id.desc()),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    index("notifications_unmailed_idx").on(t.userId).where(sql`${t.mailedAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** Which kinds of notification a customer also gets by mail; a missing row means the defaults. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Mail topic → on or off; topics left out take their default. */
  mail: jsonb("mail").$type<Record<string, boolean>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
