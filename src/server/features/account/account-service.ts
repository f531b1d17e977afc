/**
 * The signed-in account's own changes: the profile, saved and written back to the operator's base,
 * a new email address confirmed by a mailed link, and the current address's verification.
 */
import { eq } from "drizzle-orm";
import type { UpdateProfileBody } from "../../../shared/api/auth";
import type { WriteBackStatus } from "../../../shared/api/sync";
import { languageOf } from "../../../shared/i18n/languages";
import type { Database } from "../../platform/db/database";
import { type UserRow, users } from "../../platform/db/schema";
import { badRequest, conflict, forbidden, HttpError } from "../../platform/http/errors";
import { hit, takeAll } from "../../platform/http/rate-limiter";
import { fieldError } from "../../platform/i18n/message";
import { INVALID_LINK, USERNAME_TAKEN } from "../../platform/i18n/shared-texts";
import { recordIdentityEvent } from "../audit";
import {
  type AuthContext,
  consumeEmailToken,
  EMAIL_TAKEN_MESSAGE,
  emailChangedNotice,
  enqueueMailRequest,
  findUsableEmailToken,
  rateRule,
  requestMail,
  uniqueViolation,
} from "../auth";

/** How long a settings save waits for the operator's base before answering "pending". */
const WRITE_BACK_BUDGET_MS = 4_000;

export interface SavedProfile {
  user: UserRow;
  writeBack: WriteBackStatus;
  /** Set when the save asked for a new email: it changes only once the mailed link is followed. */
  emailChange: { pendingEmail: string; message: string } | null;
}

export const emailChangeMessage = (email: string) =>
  `We sent a link to ${email}. Your email changes once you follow it; the link is valid for 30 minutes.`;

/**
 * Saves the name and username and queues them for the customer's record in the operator's base in
 * the same transaction, then gives the write-back a moment, so the answer can say truthfully whether
 * the base has it yet. A new email is not saved: a link to confirm it is mailed to the new address,
 * unless another account uses it, and the answer is the same either way, so the form cannot be used
 * to test which addresses are registered.
 */
export async function updateProfile(
  ctx: AuthContext,
  user: UserRow,
  body: UpdateProfileBody,
): Promise<SavedProfile> {
  const newEmail = body.email.toLowerCase() === user.email.toLowerCase() ? null : body.email;
  await hit(ctx.db, [rateRule("profileSavesPerUser", String(user.id))]);
  // A confirmation mail goes to an address nobody has proven yet: limited per account and per
  // address, so no account, nor several together, can mail a stranger more than a few times a day.
  // Taken together: one refusal counts against none of them, and nothing is saved or mailed.
  if (newEmail) {
    await takeAll(ctx.db, [
      rateRule("emailChangesPerUser", String(user.id)),
      rateRule("emailChangesPerUserPerDay", String(user.id)),
      rateRule("emailChangesPerAddress", newEmail),
    ]);
  }
  const username = body.username ? body.username : null;
  let saved: { user: UserRow; entryId: number | null };
  try {
    saved = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ name: body.name, username, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw new Error("profile update matched no row");
      const entryId =
        (await ctx.writeBack?.enqueue(tx, updated, {
          email: updated.email,
          name: updated.name,
          username: updated.username,
        })) ?? null;
      // The link is issued after the answer, whether or not another account uses the address.
      if (newEmail) await enqueueMailRequest(tx, ctx, { type: "email-change", userId: user.id, newEmail });
      return { user: updated, entryId };
    });
  } catch (err) {
    if (uniqueViolation(err) === "username") throw conflict(fieldError("username", USERNAME_TAKEN));
    throw err;
  }
  const emailChange = newEmail ? { pendingEmail: newEmail, message: emailChangeMessage(newEmail) } : null;
  const writeBack: WriteBackStatus =
    saved.entryId === null || !ctx.writeBack
      ? "not-linked"
      : await ctx.writeBack.deliverSoon(saved.entryId, WRITE_BACK_BUDGET_MS);
  if (newEmail) ctx.outbox.kick();
  return { user: saved.user, writeBack, emailChange };
}

export const SIGN_IN_TO_CONFIRM_MESSAGE = /*i18n*/ {
  id: "error.email-change.sign-in-to-confirm",
  message:
    "Sign in to finish: this link works only in a browser signed in to the account that asked for it. Sign in, then open the link again.",
};
export const OTHER_ACCOUNT_LINK_MESSAGE = /*i18n*/ {
  id: "error.email-change.other-account",
  message:
    "This link was sent for another account. Sign in to the account that asked for it, then open the link again.",
};

/**
 * A link that confirms an address the account itself asked for (verification, email change) counts
 * only when the one who typed the address follows it: in a browser signed in to that account. Anyone
 * else who receives the mail cannot hand their address to an account someone else holds (decision
 * 017); the address's owner takes such an account over with a reset link instead. The link stays
 * usable until then.
 */
async function ensureFollowedByRequester(
  db: Database,
  purpose: "email-change" | "verify-email",
  token: string,
  signedIn: UserRow | null,
): Promise<void> {
  const link = await findUsableEmailToken(db, purpose, token);
  if (!link) throw badRequest(INVALID_LINK);
  if (!signedIn) throw new HttpError(401, SIGN_IN_TO_CONFIRM_MESSAGE);
  if (signedIn.id !== link.userId) throw forbidden(OTHER_ACCOUNT_LINK_MESSAGE);
}

/**
 * Follows the link mailed to a new address, in the browser signed in to the account that asked: the
 * email changes, is marked verified and is queued for the operator's base; the old address is told.
 */
export async function confirmEmailChange(
  ctx: AuthContext,
  token: string,
  signedIn: UserRow | null,
  ip: string,
): Promise<UserRow> {
  await hit(ctx.db, [rateRule("tokenUsePerIp", ip)]);
  await ensureFollowedByRequester(ctx.db, "email-change", token, signedIn);
  let changed: { user: UserRow; oldEmail: string };
  try {
    changed = await ctx.db.transaction(async (tx) => {
      const link = await consumeEmailToken(tx, "email-change", token);
      const [before] = link?.newEmail ? await tx.select().from(users).where(eq(users.id, link.userId)) : [];
      if (!link?.newEmail || !before) throw badRequest(INVALID_LINK);
      const [updated] = await tx
        .update(users)
        .set({ email: link.newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, link.userId))
        .returning();
      if (!updated) throw badRequest(INVALID_LINK);
      await recordIdentityEvent(tx, {
        userId: updated.id,
        kind: "email-changed",
        detail: `${before.email} → ${updated.email}`,
        ipAddress: ip,
      });
      await ctx.writeBack?.enqueue(tx, updated, {
        email: updated.email,
        name: updated.name,
        username: updated.username,
      });
      await ctx.mail.enqueue(tx, emailChangedNotice(languageOf(before), before.email, updated.email));
      return { user: updated, oldEmail: before.email };
    });
  } catch (err) {
    // Taken since the link was sent; the link stays unused, as the transaction rolled back.
    if (uniqueViolation(err) === "email") throw conflict(EMAIL_TAKEN_MESSAGE);
    throw err;
  }
  ctx.outbox.kick();
  return changed.user;
}

export const VERIFICATION_SENT_MESSAGE = /*i18n*/ {
  id: "answer.verification.sent",
  message:
    "If your email still needs verifying, we have sent you a new link. The link is valid for 30 minutes.",
};
export const EMAIL_VERIFIED_MESSAGE = /*i18n*/ {
  id: "answer.email.verified",
  message: "Your email is verified.",
};

/**
 * Asks for a new link that verifies the signed-in user's current address (decision 016), within the
 * mail limits (10 an hour per address, 3 an hour per email), retiring any earlier one. Nothing is sent
 * for an address already verified; the answer is the same whether or not a link goes out. The link
 * carries the address it was sent to, so a link to an address the account no longer uses verifies
 * nothing.
 */
export async function resendVerification(ctx: AuthContext, user: UserRow, ip: string): Promise<void> {
  await hit(ctx.db, [rateRule("mailPerIp", ip), rateRule("mailPerAccount", user.email)]);
  await requestMail(ctx, { type: "verify-email", userId: user.id });
}

/**
 * Follows a verification link in the browser signed in to the account that asked: the address it was
 * sent to is marked verified, if the account still uses it, and the audit trail records it.
 */
export async function verifyEmail(
  ctx: AuthContext,
  token: string,
  signedIn: UserRow | null,
  ip: string,
): Promise<UserRow> {
  await hit(ctx.db, [rateRule("tokenUsePerIp", ip)]);
  await ensureFollowedByRequester(ctx.db, "verify-email", token, signedIn);
  return ctx.db.transaction(async (tx) => {
    const link = await consumeEmailToken(tx, "verify-email", token);
    const [before] = link ? await tx.select().from(users).where(eq(users.id, link.userId)) : [];
    if (!link?.newEmail || !before || before.email.toLowerCase() !== link.newEmail.toLowerCase()) {
      throw badRequest(INVALID_LINK);
    }
    if (before.emailVerifiedAt) return before;
    const [updated] = await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, before.id))
      .returning();
    if (!updated) throw badRequest(INVALID_LINK);
    await recordIdentityEvent(tx, {
      userId: updated.id,
      kind: "email-verified",
      detail: updated.email,
      ipAddress: ip,
    });
    return updated;
  });
}
