/**
 * Outgoing mail: over SMTP when `SMTP_URL` is set, otherwise (never in production) into the
 * development mailbox, a table that `/dev/mailbox` and `GET /api/dev/mailbox` show.
 */
import nodemailer from "nodemailer";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { devMailbox } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly kind: "smtp" | "dev-mailbox";
  send(message: MailMessage): Promise<void>;
}

const SMTP_TIMEOUT_MS = 10_000;

export function smtpMailer(smtpUrl: string, from: string, timeoutMs = SMTP_TIMEOUT_MS): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export function devMailboxMailer(db: Database): Mailer {
  return {
    kind: "dev-mailbox",
    async send(message) {
      await db.insert(devMailbox).values(message);
    },
  };
}

export function createMailer(config: Config, db: Database): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  if (config.isProduction) throw new Error("SMTP_URL is required in production");
  return devMailboxMailer(db);
}
