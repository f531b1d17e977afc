/**
 * Closing a portal login, and an existing-customer claim re-opening one (decision 034). Closing ends
 * every way in and anonymises the profile in one transaction; the row itself stays, for the ledger
 * and the operator's records that name it. A closed login still linked to a record of the operator's
 * base keeps only a keyed digest of the email it had, so that a claim of that address, proven by the
 * mailed link, can bring it back as a fresh login.
 */
import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { languageOf } from "../../../shared/i18n/languages";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { emailTokens, oidcFlows, type UserRow, users } from "../../platform/db/schema";
import { badRequest, conflict } from "../../platform/http/errors";
import { INVALID_LINK } from "../../platform/i18n/shared-texts";
import type { MailQueue } from "../../platform/outbox/mail";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { recordIdentityEvent } from "../audit";
import { endSessionsAndFactors } from "./address-proof";
import type { EmailTokenRow } from "./email-tokens";
import { loginClosedMail } from "./emails";
import type { ProfileWriteBack } from "./profile-write-back";
import { findUserByEmail, uniqueViolation } from "./users-repo";

/** The name a closed login's row shows wherever a name is required (an admin's lists, say). */
export const CLOSED_LOGIN_NAME = "Closed portal login";

/**
 * The email of a closed login's row: unique (the uid is), and in the `.invalid` top-level domain,
 * which RFC 2606 reserves so that it never reaches a mailbox. No form accepts it as anyone's address
 * in use: every look-up by email skips closed rows.
 */
export const closedLoginEmail = (uid: string) => `closed-${uid}@closed.invalid`;

const normalisedEmail = (email: string) => email.trim().toLowerCase();

/** The digests under which a closed login keeps the email it had (the first is stored). */
export const closedEmailDigests = (box: SecretBox, email: string) => box.digests(normalisedEmail(email));

export interface CloseLoginContext {
  db: Database;
  config: Config;
  mail: MailQueue;
  secretBox: SecretBox;
  /** Absent when the portal has no writable source: the audit entry is then the operator's notice. */
  writeBack?: ProfileWriteBack | undefined;
  ip: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * Closes the user's portal login: every session (the caller's too), passkey, authenticator app,
 * recovery code, Google link and pending link, flow or ceremony ends; the password goes; the profile
 * is anonymised and `closed_at` set. In the same transaction the operator's base is told (a
 * write-back of the day), the audit records it and the confirmation is mailed to the address the
 * login had. Answers false when the login was closed already (two requests at once).
 */
export async function closeLogin(ctx: CloseLoginContext, userId: number): Promise<boolean> {
  const closed = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user || user.closedAt) return false;
    const now = new Date();
    const ended = await endSessionsAndFactors(tx, user.id);
    await tx.delete(oidcFlows).where(eq(oidcFlows.linkUserId, user.id));
    // Used ones too: they hold addresses and password hashes that belong to the closed profile.
    const links = await tx
      .delete(emailTokens)
      .where(eq(emailTokens.userId, user.id))
      .returning({ usedAt: emailTokens.usedAt });
    await tx
      .update(users)
      .set({
        email: closedLoginEmail(user.uid),
        name: CLOSED_LOGIN_NAME,
        username: null,
        profileImageUrl: null,
        onboardingUrl: null,
        optimizationUrl: null,
        passwordHash: null,
        googleId: null,
        replitId: null,
        emailVerifiedAt: null,
        role: "customer",
        closedAt: now,
        // Only a login the base still knows can come back, through a claim of its address.
        closedEmailDigest: user.airtableRecordId
          ? (closedEmailDigests(ctx.secretBox, user.email)[0] ?? null)
          : null,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    const told = await ctx.writeBack?.enqueueLoginClosed(tx, user, now);
    const what = [
      user.passwordHash ? "password" : null,
      plural(ended.sessions, "session"),
      user.googleId ? "Google link" : null,
      ended.authenticatorApp ? "authenticator app" : null,
      ended.passkeys > 0 ? plural(ended.passkeys, "passkey") : null,
      links.some((link) => link.usedAt === null)
        ? plural(links.filter((link) => link.usedAt === null).length, "pending link")
        : null,
    ].filter(Boolean);
    const base = user.airtableRecordId
      ? told
        ? `base record ${user.airtableRecordId} told`
        : `base record ${user.airtableRecordId} not told (no writable source or field)`
      : "no base record";
    await recordIdentityEvent(tx, {
      userId: user.id,
      kind: "login-closed",
      detail: `ended ${what.join(", ")}; ${base}`,
      ipAddress: ctx.ip,
    });
    await ctx.mail.enqueue(
      tx,
      loginClosedMail(languageOf(user), user.email, {
        when: `${now.toISOString().slice(0, 16).replace("T", " ")} UTC`,
        registerExistingUrl: `${ctx.config.appUrl}/register-existing`,
      }),
    );
    return true;
  });
  if (closed) ctx.mail.kick();
  return closed;
}

/**
 * The closed login an existing-customer claim of `email` may re-open: one still linked to a record
 * of the operator's base whose digest is the address's, under any configured key.
 */
export async function closedLoginOfEmail(
  db: Database,
  box: SecretBox,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        inArray(users.closedEmailDigest, closedEmailDigests(box, email)),
        isNotNull(users.closedAt),
        isNotNull(users.airtableRecordId),
      ),
    )
    .limit(1);
  return row;
}

export const EMAIL_IN_USE_MESSAGE = /*i18n*/ {
  id: "error.close-login.email-in-use",
  message: "This email is already used by another portal account: sign in to it, or reset its password.",
};

/** A name to show until the next sync brings the record's own: the email's local part, like Google's sign-up. */
const interimName = (email: string) => (email.split("@")[0] || "Customer").slice(0, 100);

/**
 * Re-opens a closed login with a followed claim link (the link proves the address it was sent to,
 * which the link keeps): the address, a password and a verified email, and the operator's base is
 * told the login is open again (its "Portal login closed" is cleared). The name is the address's local
 * part until the next sync writes the record's own. Call it with the row locked, in the transaction
 * that used the link.
 */
export async function reopenClosedLogin(
  tx: Database,
  deps: { writeBack?: ProfileWriteBack | undefined; ip: string },
  closed: UserRow,
  link: EmailTokenRow,
  passwordHash: string,
): Promise<UserRow> {
  const email = link.newEmail;
  if (!email || !closed.airtableRecordId || !closed.closedAt) throw badRequest(INVALID_LINK);
  // Someone registered the address meanwhile: that account is theirs, this row stays closed.
  if (await findUserByEmail(tx, email)) throw conflict(EMAIL_IN_USE_MESSAGE);
  const now = new Date();
  let reopened: UserRow | undefined;
  try {
    [reopened] = await tx
      .update(users)
      .set({
        email,
        name: interimName(email),
        passwordHash,
        emailVerifiedAt: now,
        closedAt: null,
        closedEmailDigest: null,
        updatedAt: now,
      })
      .where(and(eq(users.id, closed.id), isNotNull(users.closedAt), isNull(users.passwordHash)))
      .returning();
  } catch (err) {
    if (uniqueViolation(err) === "email") throw conflict(EMAIL_IN_USE_MESSAGE);
    throw err;
  }
  if (!reopened) throw badRequest(INVALID_LINK);
  await deps.writeBack?.enqueueLoginClosed(tx, reopened, null);
  await recordIdentityEvent(tx, {
    userId: reopened.id,
    kind: "login-reopened",
    detail: `claim-link; base record ${reopened.airtableRecordId}`,
    ipAddress: deps.ip,
  });
  return reopened;
}
