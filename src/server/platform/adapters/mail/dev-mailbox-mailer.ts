/**
 * The offline mail adapter (never in production): mail lands in a table that `/dev/mailbox` and
 * `GET /api/dev/mailbox` show, so a person or a test can follow its links.
 */
import type { Database } from "../../db/database";
import { devMailbox } from "../../db/schema";
import type { Mailer } from "./port";
import { checkedRecipient } from "./recipient";

export function devMailboxMailer(db: Database): Mailer {
  return {
    kind: "dev-mailbox",
    async send(message) {
      // Refused as SMTP refuses it, so that development and tests see what production sends.
      await db.insert(devMailbox).values({ ...message, to: checkedRecipient(message.to) });
    },
  };
}
