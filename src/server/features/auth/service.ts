/**
 * The sign-in rules: registration, sign-in with brute-force limits, claiming an imported customer
 * record by email proof, and password reset (the account's own changes are account-service.ts).
 * Routes stay thin around these. Whatever depends on whether an email is known (the look-up, the token, the
 * mail) is queued as a mail request that the outbox's worker carries out after the answer
 * (mail-requests.ts), so the answer and its timing are the same for every email.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type {
  ConfirmClaimBody,
  LoginBody,
  RegisterBody,
  RegisterExistingBody,
} from "../../../shared/api/auth";
import type { Language } from "../../../shared/i18n/languages";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { type UserRow, users } from "../../platform/db/schema";
import { badRequest, conflict, HttpError } from "../../platform/http/errors";
import {
  forget,
  giveBack,
  hit,
  type RateRule,
  type Spacing,
  type TakenHit,
  take,
  takeSpaced,
} from "../../platform/http/rate-limiter";
import { deleteUserSessions } from "../../platform/http/session-store";
import { fieldError } from "../../platform/i18n/message";
import { INVALID_CREDENTIALS, INVALID_LINK, USERNAME_TAKEN } from "../../platform/i18n/shared-texts";
import type { MailQueue } from "../../platform/outbox/mail";
import type { Outbox } from "../../platform/outbox/outbox";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { recordAuditEvent, recordIdentityEvent } from "../audit";
import { endUnprovenAccess, lockUser } from "./address-proof";
import { reopenClosedLogin } from "./close-login";
import { consumeEmailToken, findUsableEmailToken } from "./email-tokens";
import type { KnownDevice } from "./known-device";
import { enqueueMailRequest } from "./mail-requests";
import { hashPassword, refuseWeakPassword, verifyPassword } from "./password";
import type { ProfileWriteBack } from "./profile-write-back";
import { auditRefusal } from "./refusal-audit";
import { findUserByEmail, usernameTaken } from "./users-repo";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The limits, in one place so the README and the tests can quote them. */
export const RATE_LIMITS = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  /** Failed sign-ins at an account from browsers that never signed in to it, spaced out as below. */
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins from a browser that has signed in to the account before (its device cookie). */
  loginFailuresPerKnownDevice: { limit: 5, windowMs: 15 * MINUTE },
  registerPerIp: { limit: 10, windowMs: HOUR },
  mailPerIp: { limit: 10, windowMs: HOUR },
  /** Reset and claim mails for an address, asked from browsers that never signed in to its account. */
  mailPerAccount: { limit: 3, windowMs: HOUR },
  /** Those asked from a browser that has signed in to the address's account: a budget of its own. */
  mailPerKnownDevice: { limit: 3, windowMs: HOUR },
  tokenUsePerIp: { limit: 20, windowMs: HOUR },
  profileSavesPerUser: { limit: 20, windowMs: HOUR },
  emailChangesPerUser: { limit: 5, windowMs: HOUR },
  /** Email changes one account asks for in a day, beside its 5 an hour (decision 071). */
  emailChangesPerUserPerDay: { limit: 10, windowMs: DAY },
  /** Confirmation mails to one new address in a day, whichever accounts ask (decision 071). */
  emailChangesPerAddress: { limit: 3, windowMs: DAY },
} as const;

/** A rate rule of RATE_LIMITS, for one subject (an address, an account, an email). */
export const rateRule = (name: keyof typeof RATE_LIMITS, subject: string): RateRule => ({
  key: `${name}:${subject.toLowerCase()}`,
  ...RATE_LIMITS[name],
});

/** Following a mailed link, per address: a guessed token costs as much as a real one. */
export const tokenUseRule = (ip: string): RateRule => rateRule("tokenUsePerIp", ip);

/**
 * Unknown browsers may fail 3 times at an account freely, then wait 1 s after the newest failure,
 * then 2 s, 4 s … up to 2 minutes, and never guess more than 10 times in 15 minutes between them.
 */
export const LOGIN_FAILURE_SPACING: Spacing = { free: 3, firstDelayMs: 1_000, maxDelayMs: 2 * MINUTE };

export const NEUTRAL_CLAIM_MESSAGE = /*i18n*/ {
  id: "answer.claim.neutral",
  message:
    "If this email belongs to an existing customer, we have sent it a link to confirm your account. The link is valid for 30 minutes.",
};
export const NEUTRAL_REGISTER_MESSAGE = /*i18n*/ {
  id: "answer.register.neutral",
  message:
    "We have sent a message to this email to finish creating your account. Follow its link; it is valid for 30 minutes.",
};
export const NEUTRAL_RESET_MESSAGE = /*i18n*/ {
  id: "answer.reset.neutral",
  message:
    "If an account uses this email, we have sent it a link to reset the password. The link is valid for 30 minutes.",
};
export const CHOOSE_PASSWORD_MESSAGE = /*i18n*/ {
  id: "error.claim.choose-password",
  message: "Choose a password to finish creating your account.",
};
export const EMAIL_TAKEN_MESSAGE = /*i18n*/ {
  id: "error.email.taken",
  message: "This email is already used by another account",
};

export interface AuthContext {
  db: Database;
  config: Config;
  /** Mail goes out through the outbox, committed with the change that causes it. */
  mail: MailQueue;
  outbox: Outbox;
  secretBox: SecretBox;
  log: FastifyBaseLogger;
  /** Absent when the portal has no writable source (a CSV folder, or none). */
  writeBack?: ProfileWriteBack;
}

/** What the feature's routes are given: the context, but for the request's own log. */
export type AuthRoutesOptions = Omit<AuthContext, "log">;

/**
 * ADMIN_EMAILS makes an admin of an account only once its address is proven: anyone can register an
 * address from that list, and would otherwise be an admin at once. Applied at each sign-in.
 */
export async function grantEarnedRole(db: Database, config: Config, user: UserRow): Promise<UserRow> {
  const earned = user.emailVerifiedAt !== null && config.adminEmails.includes(user.email.toLowerCase());
  if (!earned || user.role === "admin") return user;
  const [updated] = await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}

/** What a password must not be built from: the account's own name, username and email. */
const ownWords = (user: Pick<UserRow, "name" | "username" | "email"> | undefined) =>
  user ? [user.name, user.username, user.email] : [];

/**
 * Asks for an account (decision 071). The answer is the same whether or not the email has one: the
 * look-up, the account and the mail come after it, from the mail request. A new address gets an
 * account without a password and a link; following it proves the address, sets the password typed
 * here (in this browser; elsewhere one is chosen there) and signs in. An address that has a login
 * gets a mail that says so, and nothing is created. The username is judged here: whether it is taken
 * says nothing about the email.
 */
export async function register(
  ctx: AuthContext,
  body: RegisterBody,
  ip: string,
  browserBindingHash: string,
  asked: Language | null = null,
  device: KnownDevice | null = null,
): Promise<void> {
  // The address is mailed whichever way it goes: limited as every mail to an address is.
  await hit(ctx.db, [rateRule("registerPerIp", ip), ...(await mailRules(ctx, body.email, ip, device))]);
  await refuseWeakPassword(body.password, ownWords(body));
  const username = body.username ? body.username : null;
  if (username !== null && (await usernameTaken(ctx.db, username))) {
    throw conflict(fieldError("username", USERNAME_TAKEN));
  }
  const pendingPasswordHash = await hashPassword(body.password);
  await requestMail(ctx, {
    type: "register",
    email: body.email,
    name: body.name,
    username,
    pendingPasswordHash,
    browserBindingHash,
    language: asked,
  });
}

/**
 * Signs in with a password. A browser that has signed in to this account before (its device cookie,
 * `device`) has a small limit of its own and ignores the account's; every other browser shares the
 * account's limit, which spaces guesses out with growing delays (decision 019). So strangers guessing
 * from anywhere slow each other down, and never lock the owner's own browser out.
 */
export async function login(
  ctx: AuthContext,
  body: LoginBody,
  ip: string,
  device: KnownDevice | null,
): Promise<UserRow> {
  await hit(ctx.db, [rateRule("loginPerIp", ip)]);
  const user = await findUserByEmail(ctx.db, body.email);
  const known = user !== undefined && device !== null && device.userId === user.id;
  const failures = known
    ? rateRule("loginFailuresPerKnownDevice", device.nonce)
    : rateRule("loginFailuresPerAccount", body.email);
  // The hit is taken before the password is checked, so guesses sent at once cannot all pass; it is
  // given back if the password is right.
  let taken: TakenHit;
  try {
    taken = known ? await take(ctx.db, failures) : await takeSpaced(ctx.db, failures, LOGIN_FAILURE_SPACING);
  } catch (err) {
    await auditRefusal(ctx.db, err, [failures], {
      subjectUserId: user?.id ?? null,
      actorUserId: null,
      detail: known ? "password, from a browser that signed in before" : "password",
      ipAddress: ip,
    });
    throw err;
  }
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) {
    // For the admin only: the answer is the same whoever it was. The typed name of no one is not kept.
    await recordAuditEvent(ctx.db, {
      kind: "sign-in-failed",
      actorUserId: null,
      subjectUserId: user?.id ?? null,
      detail: !user ? "no account with this email" : user.passwordHash ? "wrong password" : "no password set",
      ipAddress: ip,
    });
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  await giveBack(ctx.db, [taken]);
  return grantEarnedRole(ctx.db, ctx.config, user);
}

/**
 * The limits of a reset or claim mail for `email`. Asked from a browser that has signed in to that
 * address's account (its device cookie), the mail counts against that browser alone, so strangers
 * asking for the owner's address cannot use up the owner's way back in (decision 067). The account
 * is looked up only by the sealed cookie's own id, never by the typed email, so neither the answer
 * nor its timing says whether an email is known.
 */
async function mailRules(
  ctx: AuthContext,
  email: string,
  ip: string,
  device: KnownDevice | null,
): Promise<RateRule[]> {
  const [owner] = device
    ? await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, device.userId))
    : [];
  const ownBrowser =
    device !== null && owner !== undefined && owner.email.toLowerCase() === email.toLowerCase();
  return [
    rateRule("mailPerIp", ip),
    ownBrowser ? rateRule("mailPerKnownDevice", device.nonce) : rateRule("mailPerAccount", email),
  ];
}

/** A mailed link has proven the address: mails asked for it before no longer count against it. */
async function forgetMailRequests(db: Database, email: string): Promise<void> {
  await forget(db, rateRule("mailPerAccount", email).key);
}

/** Commits a mail request and wakes the worker once it has committed. */
export async function requestMail(ctx: AuthContext, request: Parameters<typeof enqueueMailRequest>[2]) {
  await enqueueMailRequest(ctx.db, ctx, request);
  ctx.outbox.kick();
}

/**
 * Asks for a claim link: an imported customer who has no password yet gets one mailed. The password
 * typed with the request is kept with the link but takes effect only in the browser that typed it,
 * whose binding secret hashes to `browserBindingHash`; anyone else who opens the link chooses a
 * password there. So whoever asks for a link for someone else's email cannot set their password.
 */
export async function requestClaim(
  ctx: AuthContext,
  body: RegisterExistingBody,
  ip: string,
  browserBindingHash: string,
  asked: Language | null = null,
  device: KnownDevice | null = null,
): Promise<void> {
  await hit(ctx.db, await mailRules(ctx, body.email, ip, device));
  // Judged against the email only: looking the account up for its name would make the answer's
  // timing depend on whether the email is known.
  await refuseWeakPassword(body.password, [body.email]);
  // Hashed for every email, known or not, so that the request job never holds the password itself.
  const pendingPasswordHash = await hashPassword(body.password);
  await requestMail(ctx, {
    type: "claim",
    email: body.email,
    pendingPasswordHash,
    browserBindingHash,
    language: asked,
  });
}

/**
 * Follows a claim link, which proves the email. With a password, that password is set. Without one,
 * the password typed with the request is set, but only in the browser that typed it; elsewhere the
 * answer is 422 and the link stays usable, so its owner can choose a password on the page.
 */
export async function confirmClaim(
  ctx: AuthContext,
  body: ConfirmClaimBody,
  browserBindingHash: string | null,
  ip: string,
): Promise<UserRow> {
  await hit(ctx.db, [rateRule("tokenUsePerIp", ip)]);
  if (body.password !== undefined) {
    await refuseWeakPassword(body.password, ownWords(await linkOwner(ctx.db, "claim", body.token)));
  }
  const chosenHash = body.password === undefined ? null : await hashPassword(body.password);
  const claimed = await ctx.db.transaction(async (tx) => {
    const link = await findUsableEmailToken(tx, "claim", body.token);
    if (!link) throw badRequest(INVALID_LINK);
    const sameBrowser =
      browserBindingHash !== null &&
      link.browserBindingHash !== null &&
      link.browserBindingHash === browserBindingHash;
    const passwordHash = chosenHash ?? (sameBrowser ? link.pendingPasswordHash : null);
    if (!passwordHash) throw new HttpError(422, CHOOSE_PASSWORD_MESSAGE);
    if (!(await consumeEmailToken(tx, "claim", body.token))) throw badRequest(INVALID_LINK);
    const owner = await lockUser(tx, link.userId);
    if (!owner || owner.passwordHash) throw badRequest(INVALID_LINK);
    // A closed login its base record still names: the link brings it back as a fresh login.
    if (owner.closedAt) {
      const reopened = await reopenClosedLogin(
        tx,
        { writeBack: ctx.writeBack, ip },
        owner,
        link,
        passwordHash,
      );
      return grantEarnedRole(tx, ctx.config, reopened);
    }
    // The link proves the address: any way in that someone without that proof set up ends here.
    await endUnprovenAccess(tx, owner, { by: "claim-link", ip });
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, link.userId), isNull(users.passwordHash)))
      .returning();
    if (!user) throw badRequest(INVALID_LINK);
    return grantEarnedRole(tx, ctx.config, user);
  });
  await forgetMailRequests(ctx.db, claimed.email);
  // A re-opened login's base record is told it is open again.
  ctx.outbox.kick();
  return claimed;
}

/** Counts the request against its limits and commits it; the look-up and the mail come after the answer. */
export async function requestPasswordReset(
  ctx: AuthContext,
  email: string,
  ip: string,
  asked: Language | null = null,
  device: KnownDevice | null = null,
): Promise<void> {
  await hit(ctx.db, await mailRules(ctx, email, ip, device));
  await requestMail(ctx, { type: "password-reset", email, language: asked });
}

/**
 * The user a usable link belongs to, without using the link; a link that cannot be used is refused
 * here, so its page says so before judging the password typed on it.
 */
async function linkOwner(db: Database, purpose: "claim" | "reset", token: string): Promise<UserRow> {
  const link = await findUsableEmailToken(db, purpose, token);
  const [owner] = link ? await db.select().from(users).where(eq(users.id, link.userId)) : [];
  if (!owner) throw badRequest(INVALID_LINK);
  return owner;
}

/**
 * Whether a reset link can still be used, so its page can say at once that it cannot, rather than
 * after a new password has been chosen. Reading it leaves it usable; it counts against the same
 * per-address limit as following a link, so it cannot be used to test tokens faster.
 */
export async function checkResetLink(ctx: AuthContext, token: string, ip: string): Promise<void> {
  await hit(ctx.db, [rateRule("tokenUsePerIp", ip)]);
  await linkOwner(ctx.db, "reset", token);
}

/**
 * Sets a new password from a reset link and ends every session of the user. Returns the user, whose
 * browser the route then remembers: the link proved the address, so that browser is the owner's.
 */
export async function resetPassword(
  ctx: AuthContext,
  token: string,
  password: string,
  ip: string,
): Promise<UserRow> {
  await hit(ctx.db, [rateRule("tokenUsePerIp", ip)]);
  await refuseWeakPassword(password, ownWords(await linkOwner(ctx.db, "reset", token)));
  const passwordHash = await hashPassword(password);
  const owner = await ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, "reset", token);
    const owner = used ? await lockUser(tx, used.userId) : undefined;
    // A closed login has no reset links (closing removed them); none can bring it back either.
    if (!used || !owner || owner.closedAt) throw badRequest(INVALID_LINK);
    // Receiving the link proves the email: if nobody had proven it before, whoever registered it
    // loses their Google link and pending links too, not only their password and sessions.
    await endUnprovenAccess(tx, owner, { by: "reset-link", ip });
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, used.userId));
    await deleteUserSessions(tx, used.userId);
    await recordIdentityEvent(tx, {
      userId: used.userId,
      kind: "password-reset",
      detail: "reset link; every session ended",
      ipAddress: ip,
    });
    return owner;
  });
  await forgetMailRequests(ctx.db, owner.email);
  return owner;
}
