/**
 * The record of every secret shown (decision D7): an entry per account in the one audit log (kind
 * `secret-revealed`, decision 035) and an info log line. Neither holds the secret itself.
 */
import type { FastifyBaseLogger } from "fastify";
import type { RevealKind } from "../../../shared/api/linkedin-accounts";
import type { Database } from "../../platform/db/database";
import { recordAuditEvents } from "../audit";
import type { AccountIdentity } from "./accounts-queries";

export interface Reveal {
  kind: RevealKind;
  actorUserId: number;
  ip: string;
  /** The accounts shown, all of one owner. */
  accounts: AccountIdentity[];
}

/** How the record names an account: by its LinkedIn email, else its name, else its id. */
function accountLabel(account: AccountIdentity): string {
  return account.linkedinEmail || account.firstName || `LinkedIn account ${account.id}`;
}

/** Writes the rows in one statement; call it before the secrets leave, so nothing is shown unrecorded. */
export async function recordReveal(db: Database, log: FastifyBaseLogger, reveal: Reveal): Promise<void> {
  const [first] = reveal.accounts;
  if (!first) return;
  await recordAuditEvents(
    db,
    reveal.accounts.map((account) => ({
      kind: "secret-revealed",
      actorUserId: reveal.actorUserId,
      subjectUserId: account.userId,
      detail: reveal.kind,
      target: accountLabel(account),
      targetId: account.id,
      ipAddress: reveal.ip,
    })),
  );
  // `kind`, not `secret`: the logger redacts any field named secret.
  log.info(
    {
      kind: reveal.kind,
      actorUserId: reveal.actorUserId,
      ownerUserId: first.userId,
      accountIds: reveal.accounts.map((account) => account.id),
    },
    "account secret revealed",
  );
}
