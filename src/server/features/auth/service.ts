/**
 * The account rules: registration, sign-in with brute-force limits, claiming an imported customer
 * record by email proof, password reset, and profile changes. Routes stay thin around these.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type {
  LoginBody,
  RegisterBody,
  RegisterExistingBody,
  UpdateProfileBody,
} from "../../../shared/api/auth";
import type { WriteBackStatus } from "../../../shared/api/sync";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { type UserRow, users } from "../../db/schema";
import type { Mailer } from "../../mail/mailer";
import { badRequest, conflict, HttpError } from "../../plugins/http-error";
import { ensureUnder, hit, type RateRule, record } from "../../plugins/rate-limiter";
import { deleteUserSessions } from "../../plugins/session-store";
import { consumeEmailToken, issueEmailToken } from "./email-tokens";
import { claimAccountMail, resetPasswordMail } from "./emails";
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from "./password";
import type { ProfileWriteBack } from "./profile-write-back";
import { findUserByEmail, uniqueViolation } from "./users-repo";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits, in one place so the README and the tests can quote them. */
export const RATE_LIMITS = {
  loginPerIp: { limit: 30, windowMs: 15 * MINUTE },
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  registerPerIp: { limit: 10, windowMs: HOUR },
  mailPerIp: { limit: 10, windowMs: HOUR },
  mailPerAccount: { limit: 3, windowMs: HOUR },
  tokenUsePerIp: { limit: 20, windowMs: HOUR },
} as const;

const rule = (name: keyof typeof RATE_LIMITS, subject: string): RateRule => ({
  key: `${name}:${subject.toLowerCase()}`,
  ...RATE_LIMITS[name],
});

export const NEUTRAL_CLAIM_MESSAGE =
  "If this email belongs to an existing customer, we have sent it a link to confirm your account. The link is valid for 30 minutes.";
export const NEUTRAL_RESET_MESSAGE =
  "If an account uses this email, we have sent it a link to reset the password. The link is valid for 30 minutes.";
export const INVALID_LINK_MESSAGE =
  "This link is invalid, has expired or has already been used. Please request a new one.";

export interface AuthContext {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Absent when the portal has no writable source (a CSV folder, or none). */
  writeBack?: ProfileWriteBack;
}

function roleFor(config: Config, email: string): "admin" | "customer" {
  return config.adminEmails.includes(email.toLowerCase()) ? "admin" : "customer";
}

function refuseCommon(password: string): void {
  if (isCommonPassword(password)) throw badRequest(`password: ${COMMON_PASSWORD_MESSAGE}`);
}

export async function register(ctx: AuthContext, body: RegisterBody, ip: string): Promise<UserRow> {
  await hit(ctx.db, [rule("registerPerIp", ip)]);
  refuseCommon(body.password);
  const passwordHash = await hashPassword(body.password);
  try {
    const [user] = await ctx.db
      .insert(users)
      .values({
        name: body.name,
        username: body.username,
        email: body.email,
        passwordHash,
        role: roleFor(ctx.config, body.email),
      })
      .returning();
    if (!user) throw new Error("user insert returned nothing");
    return user;
  } catch (err) {
    const field = uniqueViolation(err);
    if (field === "username") throw conflict("username: This username is already taken");
    if (field === "email") {
      // Worded so it helps the owner without confirming to anyone else that the address is known.
      throw conflict(
        "We could not create an account with these details. If you already have one, sign in, reset your password, or use existing-customer registration.",
      );
    }
    throw err;
  }
}

export async function login(ctx: AuthContext, body: LoginBody, ip: string): Promise<UserRow> {
  const failures = rule("loginFailuresPerAccount", body.email);
  await hit(ctx.db, [rule("loginPerIp", ip)]);
  await ensureUnder(ctx.db, failures);
  const user = await findUserByEmail(ctx.db, body.email);
  const ok = await verifyPassword(user?.passwordHash, body.password);
  if (!user || !ok) {
    await record(ctx.db, failures);
    throw new HttpError(401, "Invalid email or password");
  }
  const role = roleFor(ctx.config, user.email);
  if (role === "admin" && user.role !== "admin") {
    const [updated] = await ctx.db.update(users).set({ role }).where(eq(users.id, user.id)).returning();
    return updated ?? user;
  }
  return user;
}

/** Mails a one-time link to an imported customer who has no password yet; says the same for any email. */
export async function requestClaim(ctx: AuthContext, body: RegisterExistingBody, ip: string): Promise<void> {
  await hit(ctx.db, [rule("mailPerIp", ip), rule("mailPerAccount", body.email)]);
  refuseCommon(body.password);
  // Hashed before the look-up so the answer takes as long whether or not the email is known.
  const pendingPasswordHash = await hashPassword(body.password);
  const user = await findUserByEmail(ctx.db, body.email);
  if (!user || user.passwordHash) return;
  const token = await issueEmailToken(ctx.db, "claim", user.id, pendingPasswordHash);
  const url = `${ctx.config.appUrl}/register-existing/confirm?token=${encodeURIComponent(token)}`;
  await sendQuietly(ctx, claimAccountMail(user.email, url));
}

/** Follows a claim link: sets the password chosen with it and proves the email. */
export async function confirmClaim(ctx: AuthContext, token: string, ip: string): Promise<UserRow> {
  await hit(ctx.db, [rule("tokenUsePerIp", ip)]);
  return ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, "claim", token);
    if (!used?.pendingPasswordHash) throw badRequest(INVALID_LINK_MESSAGE);
    const [user] = await tx
      .update(users)
      .set({ passwordHash: used.pendingPasswordHash, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, used.userId), isNull(users.passwordHash)))
      .returning();
    if (!user) throw badRequest(INVALID_LINK_MESSAGE);
    return user;
  });
}

export async function requestPasswordReset(ctx: AuthContext, email: string, ip: string): Promise<void> {
  await hit(ctx.db, [rule("mailPerIp", ip), rule("mailPerAccount", email)]);
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const token = await issueEmailToken(ctx.db, "reset", user.id);
  const url = `${ctx.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await sendQuietly(ctx, resetPasswordMail(user.email, url));
}

/** Sets a new password from a reset link and ends every session of the user. */
export async function resetPassword(
  ctx: AuthContext,
  token: string,
  password: string,
  ip: string,
): Promise<void> {
  await hit(ctx.db, [rule("tokenUsePerIp", ip)]);
  refuseCommon(password);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, "reset", token);
    if (!used) throw badRequest(INVALID_LINK_MESSAGE);
    await tx
      .update(users)
      // Receiving the link proves the email, as a claim does.
      .set({ passwordHash, emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, used.userId));
    await deleteUserSessions(tx, used.userId);
  });
}

/** How long a settings save waits for the operator's base before answering "pending". */
const WRITE_BACK_BUDGET_MS = 4_000;

/**
 * Saves the profile and queues it for the customer's record in the operator's base in the same
 * transaction, then gives the write-back a moment, so the answer can say truthfully whether the
 * base has it yet.
 */
export async function updateProfile(
  ctx: AuthContext,
  user: UserRow,
  body: UpdateProfileBody,
): Promise<{ user: UserRow; writeBack: WriteBackStatus }> {
  const username = body.username ? body.username : null;
  const emailChanged = body.email.toLowerCase() !== user.email.toLowerCase();
  let saved: { user: UserRow; entryId: number | null };
  try {
    saved = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          email: body.email,
          name: body.name,
          username,
          updatedAt: new Date(),
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw new Error("profile update matched no row");
      const entryId =
        (await ctx.writeBack?.enqueue(tx, updated, {
          email: updated.email,
          name: updated.name,
          username: updated.username,
        })) ?? null;
      return { user: updated, entryId };
    });
  } catch (err) {
    const field = uniqueViolation(err);
    if (field === "username") throw conflict("username: This username is already taken");
    if (field === "email") throw conflict("email: This email is already used by another account");
    throw err;
  }
  if (saved.entryId === null || !ctx.writeBack) return { user: saved.user, writeBack: "not-linked" };
  return {
    user: saved.user,
    writeBack: await ctx.writeBack.deliverSoon(saved.entryId, WRITE_BACK_BUDGET_MS),
  };
}

// A failed delivery must not change the answer (that would reveal the account); it is logged instead.
async function sendQuietly(ctx: AuthContext, message: Parameters<Mailer["send"]>[0]): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    ctx.log.error({ err: err instanceof Error ? err.message : String(err) }, "could not send mail");
  }
}
