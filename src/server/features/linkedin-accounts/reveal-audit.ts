/**
 * The record of every secret shown (decision D7): a row per account in account_secret_reveals and an
 * info log line. Neither holds the secret itself.
 */
import type { FastifyBaseLogger } from "fastify";
import type { RevealKind } from "../../../shared/api/linkedin-accounts";
import type { Database } from "../../db/client";
import { accountSecretReveals } from "../../db/schema";
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
  await db.insert(accountSecretReveals).values(
    reveal.accounts.map((account) => ({
      actorUserId: reveal.actorUserId,
      ownerUserId: account.userId,
      accountId: account.id,
      accountLabel: accountLabel(account),
      secret: reveal.kind,
      ip: reveal.ip,
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
