/**
 * Mail whose sending depends on whether an address is known (a reset link, a claim link, a link to a
 * new address). The route commits a request job whatever the address, the same work for every email,
 * so neither the answer nor its timing tells; the worker then looks the address up and, in one
 * transaction, issues the link, queues the rendered mail and closes the request (decision 025).
 */
import { eq } from "drizzle-orm";
import { DEFAULT_LANGUAGE, type Language, languageOf } from "../../../shared/i18n/languages";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { type UserRow, users } from "../../platform/db/schema";
import { type MailQueue, openSealed, sealPayload } from "../../platform/outbox/mail";
import { exponentialBackoff, type JobKind, markJobDone, type Outbox } from "../../platform/outbox/outbox";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { closedLoginOfEmail } from "./close-login";
import { issueEmailToken, retireEmailTokens } from "./email-tokens";
import {
  claimAccountMail,
  confirmEmailChangeMail,
  loginExistsMail,
  registerAccountMail,
  registerLoginExistsMail,
  resetPasswordMail,
  verifyEmailMail,
} from "./emails";
import { findUserByEmail, usernameTaken } from "./users-repo";

export const MAIL_REQUEST_KIND = "mail-request";

/**
 * `language`: what the asking browser asked for, of the portal's; it speaks for a customer whose
 * language the portal does not know (requests queued before it was kept have none).
 */
export type MailRequest =
  | { type: "password-reset"; email: string; language?: Language | null }
  | {
      type: "claim";
      email: string;
      pendingPasswordHash: string;
      browserBindingHash: string;
      language?: Language | null;
    }
  | {
      type: "register";
      email: string;
      name: string;
      username: string | null;
      pendingPasswordHash: string;
      browserBindingHash: string;
      language?: Language | null;
    }
  | { type: "verify-email"; userId: number }
  | { type: "email-change"; userId: number; newEmail: string };

export interface MailRequestDeps {
  outbox: Outbox;
  secretBox: SecretBox;
}

/** Queues a request inside the caller's transaction, sealed (it may hold an address and a password hash). */
export function enqueueMailRequest(
  tx: Database,
  deps: MailRequestDeps,
  request: MailRequest,
): Promise<number> {
  return deps.outbox.enqueue(tx, { kind: MAIL_REQUEST_KIND, payload: sealPayload(deps.secretBox, request) });
}

/** Issues the link the request asks for and renders its mail; null when nothing is to be sent. */
async function resolve(tx: Database, config: Config, secretBox: SecretBox, request: MailRequest) {
  const link = (path: string, token: string) => `${config.appUrl}${path}?token=${encodeURIComponent(token)}`;
  // The asking browser speaks only for a customer the portal knows no language of: anyone can ask
  // for a reset or a claim of someone else's address.
  const asked = "language" in request ? (request.language ?? null) : null;
  const speak = (user: UserRow) => languageOf(user, asked);
  switch (request.type) {
    case "password-reset": {
      const user = await findUserByEmail(tx, request.email);
      if (!user) return null;
      const token = await issueEmailToken(tx, "reset", user.id);
      return resetPasswordMail(speak(user), user.email, link("/reset-password", token));
    }
    case "claim": {
      const user = await findUserByEmail(tx, request.email);
      if (!user) {
        // A closed login its base record still names can come back through this address (decision
        // 034): the link carries the address, which following it proves.
        const closed = await closedLoginOfEmail(tx, secretBox, request.email);
        if (!closed) return null;
        const token = await issueEmailToken(tx, "claim", closed.id, {
          pendingPasswordHash: request.pendingPasswordHash,
          browserBindingHash: request.browserBindingHash,
          newEmail: request.email,
        });
        return claimAccountMail(
          asked ?? DEFAULT_LANGUAGE,
          request.email,
          link("/register-existing/confirm", token),
        );
      }
      if (user.passwordHash) {
        // Whoever asked may be the owner who forgot they have a login: tell the address, not the asker.
        return loginExistsMail(
          speak(user),
          user.email,
          `${config.appUrl}/login`,
          `${config.appUrl}/forgot-password`,
        );
      }
      const token = await issueEmailToken(tx, "claim", user.id, {
        pendingPasswordHash: request.pendingPasswordHash,
        browserBindingHash: request.browserBindingHash,
      });
      return claimAccountMail(speak(user), user.email, link("/register-existing/confirm", token));
    }
    case "register": {
      const user = await findUserByEmail(tx, request.email);
      if (user?.passwordHash) {
        // The owner, or someone who typed their address: told at the address, and nothing is created.
        return registerLoginExistsMail(
          speak(user),
          user.email,
          `${config.appUrl}/login`,
          `${config.appUrl}/forgot-password`,
        );
      }
      // A login without a password (an imported customer, a Google login, a registration not yet
      // confirmed) is claimed as the claim does; a new address gets its account now, without a
      // password until the link is followed, so nobody signs in to it before proving the address.
      const account = user ?? (await createUnconfirmedAccount(tx, request));
      const token = await issueEmailToken(tx, "claim", account.id, {
        pendingPasswordHash: request.pendingPasswordHash,
        browserBindingHash: request.browserBindingHash,
      });
      return registerAccountMail(speak(account), account.email, link("/register-existing/confirm", token));
    }
    case "verify-email": {
      const [user] = await tx.select().from(users).where(eq(users.id, request.userId));
      // A login closed since the request has no address of its own any more.
      if (!user || user.emailVerifiedAt || user.closedAt) return null;
      await retireEmailTokens(tx, "verify-email", user.id);
      const token = await issueEmailToken(tx, "verify-email", user.id, { newEmail: user.email });
      return verifyEmailMail(speak(user), user.email, link("/verify-email", token));
    }
    case "email-change": {
      const [user] = await tx
        .select({
          closedAt: users.closedAt,
          language: users.language,
          browserLanguage: users.browserLanguage,
        })
        .from(users)
        .where(eq(users.id, request.userId));
      if (!user || user.closedAt) return null;
      await retireEmailTokens(tx, "email-change", request.userId);
      // An address another account uses gets nothing; the answer did not say either way.
      if (await findUserByEmail(tx, request.newEmail)) return null;
      const token = await issueEmailToken(tx, "email-change", request.userId, { newEmail: request.newEmail });
      return confirmEmailChangeMail(
        languageOf(user),
        request.newEmail,
        link("/settings/confirm-email", token),
      );
    }
  }
}

/** The account a registration asks for; its username goes if someone has taken it since the answer. */
async function createUnconfirmedAccount(
  tx: Database,
  request: Extract<MailRequest, { type: "register" }>,
): Promise<UserRow> {
  const username = request.username && !(await usernameTaken(tx, request.username)) ? request.username : null;
  const [created] = await tx
    .insert(users)
    .values({
      name: request.name,
      username,
      email: request.email,
      passwordHash: null,
      browserLanguage: request.language ?? null,
    })
    .returning();
  if (!created) throw new Error("user insert returned nothing");
  return created;
}

export function mailRequestKind(deps: {
  db: Database;
  config: Config;
  secretBox: SecretBox;
  mail: MailQueue;
}): JobKind {
  return {
    kind: MAIL_REQUEST_KIND,
    maxAttempts: 6,
    retryDelayMs: exponentialBackoff(15_000, 10 * 60_000),
    forgetPayloadWhenDone: true,
    async deliver(jobs) {
      const outcomes = new Map<number, string | null>();
      let queued = false;
      for (const job of jobs) {
        try {
          const request = openSealed<MailRequest>(deps.secretBox, job.payload);
          await deps.db.transaction(async (tx) => {
            const message = await resolve(tx, deps.config, deps.secretBox, request);
            if (message) {
              await deps.mail.enqueue(tx, message);
              queued = true;
            }
            // Closed with the link and its mail: a crash before this commit leaves the request to
            // run again, after it nothing runs twice.
            await markJobDone(tx, job.id);
          });
          outcomes.set(job.id, null);
        } catch (err) {
          outcomes.set(job.id, err instanceof Error ? err.message : String(err));
        }
      }
      if (queued) deps.mail.kick();
      return outcomes;
    },
  };
}
