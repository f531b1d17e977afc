/**
 * A fresh proof before a secret is shown or a credential changes (R17, decision 023): the signed-in
 * customer proves again who they are, with their password or an authenticator code, and the session
 * counts as freshly proven for STEP_UP_MINUTES. Passkeys give the same proof through their own
 * routes. Changing the password is here too: its current password is that proof.
 */
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { languageOf } from "../../../shared/i18n/languages";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { type SessionProof, type SessionRow, type UserRow, users } from "../../platform/db/schema";
import { badRequest, HttpError } from "../../platform/http/errors";
import { isFreshlyProven, StepUpRequiredError } from "../../platform/http/fresh-proof";
import { giveBack, type RateRule, takeAll } from "../../platform/http/rate-limiter";
import { deleteUserSessions, markSessionProven } from "../../platform/http/session-store";
import { fieldError } from "../../platform/i18n/message";
import type { MailQueue } from "../../platform/outbox/mail";
import { recordIdentityEvent } from "../audit";
import { passwordChangedNotice } from "./emails";
import { hashPassword, refuseWeakPassword, verifyPassword } from "./password";

export const WRONG_PASSWORD_MESSAGE = /*i18n*/ {
  id: "error.fresh-proof.wrong-password",
  message: "The password is not right",
};
export const NO_PASSWORD_PROOF_MESSAGE = /*i18n*/ {
  id: "error.fresh-proof.no-password",
  message:
    "Your account has no password: confirm it's you with an authenticator code or a passkey, or sign in again",
};

export interface FreshProofContext {
  db: Database;
  config: Config;
  mail: MailQueue;
  log: FastifyBaseLogger;
  ip: string;
}

/**
 * Checks the password of the signed-in user within `budgets`, the session's and its browser's
 * (proof-budgets.ts): a stolen session must not become a way to guess the password, nor make the
 * owner's other sessions wait.
 */
export async function checkPasswordProof(
  ctx: FreshProofContext,
  user: UserRow,
  password: string,
  budgets: RateRule[],
): Promise<void> {
  if (!user.passwordHash) throw badRequest(NO_PASSWORD_PROOF_MESSAGE);
  const taken = await takeAll(ctx.db, budgets);
  if (await verifyPassword(user.passwordHash, password)) {
    await giveBack(ctx.db, taken);
    return;
  }
  throw new HttpError(401, WRONG_PASSWORD_MESSAGE);
}

/** Marks the session freshly proven by `proof`, and keeps the audit of it. */
export async function recordFreshProof(
  ctx: FreshProofContext,
  user: UserRow,
  session: SessionRow,
  proof: SessionProof,
): Promise<Date> {
  const now = new Date();
  await markSessionProven(ctx.db, session.id, proof, now);
  await recordIdentityEvent(ctx.db, { userId: user.id, kind: "step-up", detail: proof, ipAddress: ctx.ip });
  return new Date(now.getTime() + ctx.config.stepUpMs);
}

export const PASSWORD_CHANGED_MESSAGE = /*i18n*/ {
  id: "answer.password.changed",
  message: "Your password has been changed. Every other browser has been signed out.",
};

/**
 * Changes the password. With a password already set, the current one is the proof; a customer who
 * signs in only with Google sets a first one after a fresh proof. Every other session ends, the
 * owner is told by mail, and the audit records it.
 */
export async function changePassword(
  ctx: FreshProofContext,
  user: UserRow,
  session: SessionRow,
  body: { currentPassword?: string | undefined; newPassword: string },
  budgets: RateRule[],
): Promise<void> {
  if (user.passwordHash) {
    if (body.currentPassword === undefined)
      throw badRequest(
        fieldError(
          "currentPassword",
          /*i18n*/ { id: "error.password.enter-current", message: "Enter your current password" },
        ),
      );
    await checkPasswordProof(ctx, user, body.currentPassword, budgets);
  } else if (!isFreshlyProven(session, ctx.config)) {
    throw new StepUpRequiredError();
  }
  // The same estimator and words as the meter, with the customer's own name and email as easy guesses.
  await refuseWeakPassword(body.newPassword, [user.name, user.username, user.email], "newPassword");
  const passwordHash = await hashPassword(body.newPassword);
  const hadPassword = user.passwordHash !== null;
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await deleteUserSessions(tx, user.id, session.id);
    await markSessionProven(tx, session.id, "password");
    await recordIdentityEvent(tx, {
      userId: user.id,
      kind: "password-changed",
      detail: hadPassword ? "changed" : "first password set",
      ipAddress: ctx.ip,
    });
    await ctx.mail.enqueue(tx, passwordChangedNotice(languageOf(user), user.email, ctx.config.appUrl));
  });
  ctx.mail.kick();
}
