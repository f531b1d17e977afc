/**
 * Picks the adapter of each outside service from the configuration: the real one where it is
 * configured, the offline one elsewhere (never in production). Features receive these ports and
 * nothing else; tests replace any of them through `buildApp`'s `adapters`.
 */
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { demoDataDir } from "../paths";
import { oidcIdentity } from "./identity/oidc-identity";
import type { IdentityPort } from "./identity/port";
import { devMailboxMailer } from "./mail/dev-mailbox-mailer";
import type { Mailer } from "./mail/port";
import { smtpMailer } from "./mail/smtp-mailer";
import type { Payments } from "./payments/port";
import { stripePayments } from "./payments/stripe-payments";
import { testPayments } from "./payments/test-payments";
import { airtableSource } from "./records/airtable-source";
import { type CsvColumns, csvFolderSource } from "./records/csv-folder-source";
import type { RecordSource } from "./records/port";

export interface Adapters {
  mail: Mailer;
  /** The operator's records; undefined when neither a base nor a folder is configured. */
  records: RecordSource | undefined;
  /** Stripe, or the local test checkout; undefined in production without Stripe (checkout answers 503). */
  payments: Payments | undefined;
  /** Google (or any OpenID Connect issuer); undefined without `GOOGLE_CLIENT_ID`. */
  identity: IdentityPort | undefined;
}

export function createMailer(config: Config, db: Database): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom, config.smtpTimeoutMs);
  if (config.isProduction) throw new Error("SMTP_URL is required in production");
  return devMailboxMailer(db);
}

/** The table a CSV folder source writes (the replacement requests, decision 040) and its field names. */
export interface CsvWrittenTable {
  table: string;
  fields: readonly string[];
}

/** Where a CSV source keeps the file of the table it writes: the operator's own folder, never the demo's. */
export function operatorBaseDir(config: Config): string {
  return config.syncSourceDir ?? path.join(config.dataDir, "operator-base");
}

export function createRecordSource(
  config: Config,
  db: Database,
  csvColumns: CsvColumns,
  /** The table a CSV folder writes; a folder source without it cannot read that table either. */
  written: CsvWrittenTable,
): RecordSource | undefined {
  if (config.airtable) return airtableSource(db, config.airtable);
  const folder = config.syncSourceDir ?? (config.isProduction ? undefined : demoDataDir);
  if (!folder) return undefined;
  return csvFolderSource(folder, csvColumns, { ...written, folder: operatorBaseDir(config) });
}

export function createPayments(config: Config): Payments | undefined {
  if (config.stripe) {
    return stripePayments({
      secretKey: config.stripe.secretKey,
      webhookSecret: config.stripe.webhookSecret,
      apiUrl: config.stripe.apiUrl,
      priceIds: config.shop.stripePriceIds,
      timeoutMs: config.shop.stripeTimeoutMs,
    });
  }
  return config.isProduction ? undefined : testPayments({ appUrl: config.appUrl });
}

export function createIdentity(config: Config, log: FastifyBaseLogger): IdentityPort | undefined {
  return config.google ? oidcIdentity({ ...config.google, log }) : undefined;
}

export function createAdapters(
  config: Config,
  db: Database,
  options: {
    csvColumns: CsvColumns;
    /** The one table a CSV folder writes. */
    csvWrittenTable: CsvWrittenTable;
    log: FastifyBaseLogger;
    overrides?: Partial<Adapters>;
  },
): Adapters {
  const { overrides = {} } = options;
  return {
    mail: overrides.mail ?? createMailer(config, db),
    records:
      "records" in overrides
        ? overrides.records
        : createRecordSource(config, db, options.csvColumns, options.csvWrittenTable),
    payments: "payments" in overrides ? overrides.payments : createPayments(config),
    identity: "identity" in overrides ? overrides.identity : createIdentity(config, options.log),
  };
}
