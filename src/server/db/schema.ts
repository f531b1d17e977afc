import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

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
    check("users_role_check", sql`${t.role} in ('customer', 'admin')`),
  ],
);

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
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_id_idx").on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * Single-use links sent by email: claiming an imported customer record, and resetting a password.
 * Only the token's SHA-256 is stored; a claim also holds the hash of the password chosen with it.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    id: serial("id").primaryKey(),
    purpose: text("purpose", { enum: ["claim", "reset"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pendingPasswordHash: text("pending_password_hash"),
    ...timestamps,
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("email_tokens_token_hash_key").on(t.tokenHash),
    index("email_tokens_user_id_idx").on(t.userId),
    check("email_tokens_purpose_check", sql`${t.purpose} in ('claim', 'reset')`),
  ],
);

/** Fixed-window counters for rate limits, kept in the database so they hold across instances. */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index("rate_limit_counters_window_idx").on(t.windowStart),
  ],
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
