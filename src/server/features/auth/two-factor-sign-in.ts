/**
 * The second step of a sign-in with an authenticator app. A right password for such an account
 * starts no session: the browser gets a short-lived cookie of its own holding a random token (only
 * its SHA-256 is stored, table `pending_sign_ins`), which opens nothing but this step. The step takes
 * a code or a recovery code; it is used once, dies after 5 wrong codes or 5 minutes, and names the
 * account itself, so a token taken from another browser can only ever finish that account's sign-in.
 * Beyond its own 5, wrong codes count where proof-budgets.ts says: against the owner's browser's own
 * budget when it has signed in before, else against the ceiling every other browser shares.
 */
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SecondFactorProof } from "../../../shared/api/two-factor";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { pendingSignIns, type UserRow, users } from "../../platform/db/schema";
import { HttpError, SignInAgainError } from "../../platform/http/errors";
import { hit, RateLimitedError } from "../../platform/http/rate-limiter";
import {
  SIGN_IN_AGAIN,
  TOO_MANY_CODES,
  WRONG_CODE,
  WRONG_RECOVERY_CODE,
} from "../../platform/i18n/shared-texts";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { hashSecretToken, newSecretToken } from "../../platform/secrets/secret-token";
import { recordAuditEvent, recordIdentityEvent } from "../audit";
import type { KnownDevice } from "./known-device";
import { proofBudgets } from "./proof-budgets";
import { auditRefusal } from "./refusal-audit";
import { checkAuthenticatorCode, checkRecoveryCode, recoveryCodesLeft } from "./two-factor";

const MINUTE = 60_000;
export const SECOND_STEP_TTL_MS = 5 * MINUTE;
export const SECOND_STEP_MAX_FAILURES = 5;
const SECOND_STEP_PER_IP = { limit: 30, windowMs: 15 * MINUTE };

/** The cookie of the second step: HttpOnly, SameSite=Strict, five minutes, never a session. */
export function secondStepCookie(config: Config) {
  const secure = config.session.secureCookie;
  const name = secure ? "__Host-portal_second_step" : "portal_second_step";
  const options = { path: "/", httpOnly: true, sameSite: "strict" as const, secure };
  return {
    name,
    set(reply: FastifyReply, token: string) {
      reply.setCookie(name, token, { ...options, maxAge: Math.floor(SECOND_STEP_TTL_MS / 1000) });
    },
    /** The token, or undefined; one longer than any this cookie was given is not looked up. */
    read(request: FastifyRequest): string | undefined {
      const value = request.cookies[name];
      return value && value.length <= 100 ? value : undefined;
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(name, options);
    },
  };
}

/** Records that `userId` gave the right password and owes a code; returns the browser's token. */
export async function startSecondStep(db: Database, userId: number, now = new Date()): Promise<string> {
  const token = newSecretToken();
  await db.insert(pendingSignIns).values({
    tokenHash: hashSecretToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SECOND_STEP_TTL_MS),
  });
  // Steps nobody finished are of no use to anyone.
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, new Date(now.getTime() - MINUTE)));
  return token;
}

export interface SecondStepDone {
  user: UserRow;
  provenBy: "password+totp" | "password+recovery-code";
}

/**
 * Finishes the second step with a code or a recovery code. The pending row is locked for the check,
 * so two attempts with one token cannot both count or both win; on success it is used up. Wrong
 * codes count on the row (5 and it is dead) and on the budgets of `device`'s browser (429 past them).
 */
export async function finishSecondStep(
  db: Database,
  secretBox: SecretBox,
  token: string | undefined,
  proof: SecondFactorProof,
  ip: string,
  device: KnownDevice | null,
  now = new Date(),
): Promise<SecondStepDone> {
  await hit(db, [{ key: `secondStepPerIp:${ip}`, ...SECOND_STEP_PER_IP }], now);
  if (!token) throw new SignInAgainError(SIGN_IN_AGAIN);
  type Outcome =
    | { kind: "dead" | "wrong" | "exhausted" }
    | { kind: "ok"; user: UserRow }
    | { kind: "refused"; err: RateLimitedError; userId: number; budgets: ReturnType<typeof proofBudgets> };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const [pending] = await tx
      .select()
      .from(pendingSignIns)
      .where(
        and(
          eq(pendingSignIns.tokenHash, hashSecretToken(token)),
          isNull(pendingSignIns.usedAt),
          gt(pendingSignIns.expiresAt, now),
          lt(pendingSignIns.failedAttempts, SECOND_STEP_MAX_FAILURES),
        ),
      )
      .for("update");
    if (!pending) return { kind: "dead" as const };
    const budgets = proofBudgets(pending.userId, { kind: "second-step" }, device);
    let check: Awaited<ReturnType<typeof checkAuthenticatorCode>>;
    try {
      check =
        proof.code !== undefined
          ? await checkAuthenticatorCode(tx, secretBox, pending.userId, proof.code, budgets, now)
          : await checkRecoveryCode(tx, pending.userId, proof.recoveryCode ?? "", budgets, now);
    } catch (err) {
      if (err instanceof RateLimitedError) return { kind: "refused", err, userId: pending.userId, budgets };
      throw err;
    }
    // Turned off since the password step: sign in again, which then needs no code.
    if (check === "not-enabled") return { kind: "dead" as const };
    if (check === "wrong") {
      await tx
        .update(pendingSignIns)
        .set({ failedAttempts: sql`${pendingSignIns.failedAttempts} + 1` })
        .where(eq(pendingSignIns.id, pending.id));
      await recordAuditEvent(tx, {
        kind: "sign-in-failed",
        actorUserId: null,
        subjectUserId: pending.userId,
        detail: proof.code !== undefined ? "wrong authenticator code" : "wrong recovery code",
        ipAddress: ip,
      });
      const exhausted = pending.failedAttempts + 1 >= SECOND_STEP_MAX_FAILURES;
      return { kind: exhausted ? ("exhausted" as const) : ("wrong" as const) };
    }
    await tx.update(pendingSignIns).set({ usedAt: now }).where(eq(pendingSignIns.id, pending.id));
    const [user] = await tx.select().from(users).where(eq(users.id, pending.userId));
    if (!user) return { kind: "dead" as const };
    if (proof.recoveryCode !== undefined) {
      const left = await recoveryCodesLeft(tx, user.id);
      await recordIdentityEvent(tx, {
        userId: user.id,
        kind: "recovery-code-used",
        detail: `sign-in; ${left} left`,
        ipAddress: ip,
      });
    }
    return { kind: "ok", user };
  });
  if (outcome.kind === "refused") {
    await auditRefusal(db, outcome.err, outcome.budgets, {
      subjectUserId: outcome.userId,
      actorUserId: null,
      detail: "second step: too many wrong codes",
      ipAddress: ip,
    });
    throw outcome.err;
  }
  if (outcome.kind === "dead") throw new SignInAgainError(SIGN_IN_AGAIN);
  if (outcome.kind === "exhausted") throw new SignInAgainError(TOO_MANY_CODES);
  if (outcome.kind !== "ok") {
    throw new HttpError(401, proof.code !== undefined ? WRONG_CODE : WRONG_RECOVERY_CODE);
  }
  return {
    user: outcome.user,
    provenBy: proof.code !== undefined ? "password+totp" : "password+recovery-code",
  };
}
