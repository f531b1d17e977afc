/**
 * Every environment variable the server reads, validated once at start. A bad or missing value stops
 * the server with one message that lists every problem (see `ConfigError`).
 */
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { isProductKey, type ProductKey } from "../../shared/shop/catalogue";
import { DEFAULT_VOLUME_TIERS, parseVolumeTiers, type VolumeTier } from "../../shared/shop/pricing";
import { DEFAULT_DATA_DIR } from "./data-folder";

const DEFAULT_KNOWLEDGE_BASE_URL = "https://help.example.com/knowledge-base";

const optionalString = z.string().trim().min(1).optional();
const port = z.coerce.number().int().min(0).max(65535);
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const durationMinutes = z.coerce
  .number()
  .int()
  .min(0)
  .max(7 * 24 * 60);

/** Named ranges that proxy-addr (Fastify's trustProxy) understands. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  if (!address || rest.length > 0) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For: none (`off`, the default), the
 * nearest N hops, or the listed proxy addresses and ranges. Trusting every sender is not offered:
 * any client could then claim any address and walk past the per-address limits.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (/^(off|false|no|0)$/i.test(value)) return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
      ctx.addIssue({ code: "custom", message: "a hop count must be between 1 and 10" });
      return z.NEVER;
    }
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `must be off, a hop count, or proxy addresses or ranges (IP, IP/bits, loopback, linklocal, uniquelocal); not ${bad.map((b) => JSON.stringify(b)).join(", ")}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** How long one call to an outside service may take before it counts as failed. */
const timeoutSeconds = z.coerce.number().positive().max(300);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: port.default(3000),
  // Unset: every interface in production, this machine only elsewhere (the development extras).
  HOST: z.string().optional(),
  TRUST_PROXY: trustProxySchema.default(false),
  APP_URL: httpUrl.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Unset: readable lines for a person at a terminal outside production, JSON otherwise.
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
    .optional(),
  // One key, or several separated by commas, newest first: the first encrypts, any of them decrypts.
  SECRETS_KEY: z
    .string()
    .refine(
      (v) => v.split(",").every((key) => Buffer.from(key.trim(), "base64").length === 32),
      "must be 32 random bytes, base64-encoded (several keys: comma-separated, newest first)",
    )
    .optional(),
  ADMIN_EMAILS: z.string().default(""),
  // A bearer token for `/metrics` from beyond this machine; unset: this machine only.
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(60 * 24),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
  AIRTABLE_TOKEN: optionalString,
  AIRTABLE_BASE_ID: optionalString,
  AIRTABLE_API_URL: httpUrl.default("https://api.airtable.com"),
  AIRTABLE_FIELD_MAP: optionalString,
  SYNC_SOURCE_DIR: optionalString,
  SYNC_INTERVAL_MINUTES: durationMinutes.default(15),
  AIRTABLE_TIMEOUT_SECONDS: timeoutSeconds.default(10),
  SMTP_TIMEOUT_SECONDS: timeoutSeconds.default(10),
  OUTBOX_LEASE_SECONDS: timeoutSeconds.default(120),
  // How long the notification mail waits for the rest of a burst of changes (0: at once).
  NOTIFICATION_DIGEST_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(60),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: httpUrl.optional(),
  STRIPE_TIMEOUT_SECONDS: timeoutSeconds.default(10),
  STRIPE_PRICE_IDS: z
    .string()
    .transform((value, ctx) => {
      const ids: Partial<Record<ProductKey, string>> = {};
      for (const pair of value.split(",")) {
        const [key = "", priceId = "", ...rest] = pair.split("=").map((part) => part.trim());
        if (!isProductKey(key) || !/^price_[A-Za-z0-9_]+$/.test(priceId) || rest.length > 0) {
          ctx.addIssue({
            code: "custom",
            message: `"${pair.trim()}" is not product=price_... (products: lite, plus, exec, salesnav, automation, test)`,
          });
          return z.NEVER;
        }
        ids[key] = priceId;
      }
      return ids;
    })
    .optional(),
  VOLUME_DISCOUNT_TIERS: z
    .string()
    .default(DEFAULT_VOLUME_TIERS)
    .transform((value, ctx) => {
      const tiers = parseVolumeTiers(value);
      if ("error" in tiers) {
        ctx.addIssue({
          code: "custom",
          message: `${tiers.error}; write accounts:percent pairs such as ${DEFAULT_VOLUME_TIERS}, or off`,
        });
        return z.NEVER;
      }
      return tiers;
    }),
  SHOP_TEST_PRODUCT: z.enum(["on", "off"]).default("off"),
  // How long a proof (password, authenticator code, passkey) counts as fresh for revealing secrets.
  STEP_UP_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  // How long the audit log keeps an entry; 0 keeps every entry. Under 30 days an incident found a
  // few weeks late would find its trail gone, so that is refused (decision 069).
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .refine((days) => days === 0 || (days >= 30 && days <= 36_600), {
      message: "must be a number of days from 30 to 36600, or 0 to keep every entry",
    })
    .default(730),
  // Unset: on in production, off elsewhere.
  REQUIRE_ADMIN_2FA: z.enum(["on", "off"]).optional(),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER_URL: httpUrl.default("https://accounts.google.com"),
  GOOGLE_TIMEOUT_SECONDS: timeoutSeconds.default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default("Customer Portal <no-reply@localhost>"),
  KNOWLEDGE_BASE_URL: httpUrl.default(DEFAULT_KNOWLEDGE_BASE_URL),
  CHAT_WIDGET_ID: optionalString,
  SUPPORT_EMAIL: z.email().default("support@example.com"),
  SUPPORT_PHONE: z.string().default("+44 20 0000 0000"),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /** The public origin, without a trailing slash. */
  appUrl: string;
  appUrlIsHttps: boolean;
  logLevel: Env["LOG_LEVEL"];
  /** JSON lines for a log collector, or one readable line per event for a person. */
  logFormat: "json" | "pretty";
  dataDir: string;
  databaseUrl: string | undefined;
  /** SECRETS_KEY's keys, newest first; empty when unset (a key is then generated into DATA_DIR). */
  secretsKeys: string[];
  adminEmails: string[];
  metricsToken: string | undefined;
  session: { idleTimeoutMs: number; maxAgeMs: number; cookieName: string; secureCookie: boolean };
  /** A proof younger than this is fresh enough to show a secret or change a credential (R17). */
  stepUpMs: number;
  /** How many days the audit log keeps an entry before housekeeping prunes it; 0 keeps them all. */
  auditRetentionDays: number;
  /** Whether an admin must have a second factor (an authenticator app or a passkey) to use admin pages. */
  requireAdminSecondFactor: boolean;
  airtable: { token: string; baseId: string; apiUrl: string; timeoutMs: number } | undefined;
  airtableFieldMapPath: string | undefined;
  syncSourceDir: string | undefined;
  syncIntervalMinutes: number;
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  shop: {
    /** The operator's Stripe price per product key; products without one are sent as inline prices. */
    stripePriceIds: Partial<Record<ProductKey, string>>;
    volumeTiers: VolumeTier[];
    includeTestProduct: boolean;
    stripeTimeoutMs: number;
  };
  google: { clientId: string; clientSecret: string; issuerUrl: string; timeoutMs: number } | undefined;
  smtpUrl: string | undefined;
  smtpTimeoutMs: number;
  /** How long an instance holds a background job it is delivering before another may take it over. */
  outboxLeaseSeconds: number;
  /** How long a customer's notification mail waits for more changes, so that a burst makes one mail. */
  notificationDigestSeconds: number;
  mailFrom: string;
  help: {
    knowledgeBaseUrl: string;
    chatWidgetId: string | undefined;
    supportEmail: string;
    supportPhone: string;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment. Empty strings count as unset, as in most deployment tools. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in envSchema.shape && value?.trim() !== ""),
  );
  const parsed = envSchema.safeParse(raw);
  const problems: string[] = [];
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${issue.path.join(".") || "environment"}: ${issue.message}`);
    }
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";

  const pairs: Array<[string, string, string | undefined, string | undefined]> = [
    ["AIRTABLE_TOKEN", "AIRTABLE_BASE_ID", env.AIRTABLE_TOKEN, env.AIRTABLE_BASE_ID],
    ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET],
    ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET],
  ];
  for (const [a, b, va, vb] of pairs) {
    if (Boolean(va) !== Boolean(vb)) problems.push(`${va ? b : a}: is required when ${va ? a : b} is set`);
  }
  if (isProduction) {
    if (!env.SECRETS_KEY) problems.push("SECRETS_KEY: is required in production");
    if (!env.APP_URL) problems.push("APP_URL: is required in production");
    if (!env.SMTP_URL)
      problems.push("SMTP_URL: is required in production (sign-in links and resets are mailed)");
  }
  const adminEmails = env.ADMIN_EMAILS.split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  for (const email of adminEmails) {
    if (!z.email().safeParse(email).success)
      problems.push(`ADMIN_EMAILS: "${email}" is not an email address`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST ?? (isProduction ? "0.0.0.0" : "localhost"),
    trustProxy: env.TRUST_PROXY,
    appUrl,
    appUrlIsHttps: appUrl.startsWith("https:"),
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    logFormat: env.LOG_FORMAT ?? (!isProduction && process.stdout.isTTY ? "pretty" : "json"),
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    secretsKeys: (env.SECRETS_KEY ?? "")
      .split(",")
      .map((key) => key.trim())
      .filter(Boolean),
    adminEmails,
    session: {
      idleTimeoutMs: env.SESSION_IDLE_MINUTES * 60_000,
      maxAgeMs: env.SESSION_MAX_AGE_HOURS * 3_600_000,
      // The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only and Path=/.
      cookieName: appUrl.startsWith("https:") ? "__Host-portal_session" : "portal_session",
      secureCookie: appUrl.startsWith("https:"),
    },
    stepUpMs: env.STEP_UP_MINUTES * 60_000,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    requireAdminSecondFactor: (env.REQUIRE_ADMIN_2FA ?? (isProduction ? "on" : "off")) === "on",
    airtable:
      env.AIRTABLE_TOKEN && env.AIRTABLE_BASE_ID
        ? {
            token: env.AIRTABLE_TOKEN,
            baseId: env.AIRTABLE_BASE_ID,
            apiUrl: env.AIRTABLE_API_URL,
            timeoutMs: env.AIRTABLE_TIMEOUT_SECONDS * 1000,
          }
        : undefined,
    airtableFieldMapPath: env.AIRTABLE_FIELD_MAP,
    syncSourceDir: env.SYNC_SOURCE_DIR,
    syncIntervalMinutes: env.SYNC_INTERVAL_MINUTES,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL,
          }
        : undefined,
    shop: {
      stripePriceIds: env.STRIPE_PRICE_IDS ?? {},
      volumeTiers: env.VOLUME_DISCOUNT_TIERS,
      includeTestProduct: env.SHOP_TEST_PRODUCT === "on",
      stripeTimeoutMs: env.STRIPE_TIMEOUT_SECONDS * 1000,
    },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            issuerUrl: env.GOOGLE_ISSUER_URL,
            timeoutMs: env.GOOGLE_TIMEOUT_SECONDS * 1000,
          }
        : undefined,
    smtpUrl: env.SMTP_URL,
    smtpTimeoutMs: env.SMTP_TIMEOUT_SECONDS * 1000,
    outboxLeaseSeconds: env.OUTBOX_LEASE_SECONDS,
    notificationDigestSeconds: env.NOTIFICATION_DIGEST_SECONDS,
    mailFrom: env.MAIL_FROM,
    help: {
      knowledgeBaseUrl: env.KNOWLEDGE_BASE_URL,
      chatWidgetId: env.CHAT_WIDGET_ID,
      supportEmail: env.SUPPORT_EMAIL,
      supportPhone: env.SUPPORT_PHONE,
    },
  };
}
