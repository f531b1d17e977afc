/**
 * The authenticator app (TOTP, RFC 6238) as a second factor, and its recovery codes: enrolment that
 * takes effect only after one correct code, codes accepted once each, wrong codes limited where they
 * are typed (proof-budgets.ts), recovery codes shown once and kept only as SHA-256.
 */
import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, count, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { renderSVG } from "uqr";
import {
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  type SecondFactorProof,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from "../../../shared/api/two-factor";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { recoveryCodes, twoFactorApps, type UserRow } from "../../platform/db/schema";
import { adminMustEnrol } from "../../platform/http/admin-second-factor";
import { badRequest, conflict } from "../../platform/http/errors";
import { giveBack, type RateRule, takeAll } from "../../platform/http/rate-limiter";
import { fieldError } from "../../platform/i18n/message";
import { WRONG_CODE, WRONG_RECOVERY_CODE } from "../../platform/i18n/shared-texts";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { decodeBase32, encodeBase32, hotp, TOTP_PERIOD_SECONDS, timeStep } from "../../platform/secrets/totp";
import { recordIdentityEvent } from "../audit";

const MINUTE = 60_000;

/** The name authenticator apps show beside the account. */
const ISSUER = "Customer Portal";
/** 160 bits, the key length RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;
/** An enrolment nobody finished in this time is started again. */
const ENROLMENT_TTL_MS = 30 * MINUTE;

const NOT_ENABLED_MESSAGE = /*i18n*/ {
  id: "error.two-factor.not-on",
  message: "Two-factor authentication is not on for your account.",
};

export type CodeCheck = "ok" | "wrong" | "not-enabled";

/**
 * The step a code belongs to, within one step either side of now for clocks that drift, and only if
 * it is newer than the newest step accepted before (`after`): a code is never accepted twice.
 */
function matchingStep(key: Buffer, code: string, after: number | null, now: number): number | null {
  const current = timeStep(now);
  for (const step of [current - 1, current, current + 1]) {
    if (after !== null && step <= after) continue;
    if (hotp(key, step) === code) return step;
  }
  return null;
}

/**
 * Checks a code from the user's authenticator app and, if it is right, spends it: the step it belongs
 * to and every earlier one are never accepted again. Each check takes a hit of `budgets` first
 * (proof-budgets.ts), given back when the code is right, so only wrong codes count; a check over a
 * budget throws RateLimitedError (429) without looking at the code. For the sign-in step, a fresh
 * proof before a secret and Settings.
 */
export async function checkAuthenticatorCode(
  db: Database,
  secretBox: SecretBox,
  userId: number,
  code: string,
  budgets: RateRule[],
  now = new Date(),
): Promise<CodeCheck> {
  const [app] = await db.select().from(twoFactorApps).where(eq(twoFactorApps.userId, userId));
  if (!app?.secretSealed || !app.enabledAt) return "not-enabled";
  const taken = await takeAll(db, budgets, now);
  const key = decodeBase32(secretBox.open(app.secretSealed));
  const step = matchingStep(key, code, app.lastUsedStep, now.getTime());
  if (step !== null) {
    // Conditional, so that two requests with the same code cannot both win.
    const [spent] = await db
      .update(twoFactorApps)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactorApps.userId, userId),
          or(isNull(twoFactorApps.lastUsedStep), sql`${twoFactorApps.lastUsedStep} < ${step}`),
        ),
      )
      .returning({ userId: twoFactorApps.userId });
    if (spent) {
      await giveBack(db, taken);
      return "ok";
    }
  }
  return "wrong";
}

export const hashRecoveryCode = (code: string) =>
  createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");

/** Spends one of the user's recovery codes, under the same budgets as authenticator codes. */
export async function checkRecoveryCode(
  db: Database,
  userId: number,
  code: string,
  budgets: RateRule[],
  now = new Date(),
): Promise<"ok" | "wrong"> {
  const taken = await takeAll(db, budgets, now);
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (!used) return "wrong";
  await giveBack(db, taken);
  return "ok";
}

/** Ten codes like `k3d9-x7qa-2m`: 10 characters of a 32-letter alphabet each, 50 bits. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_CODE_ALPHABET[randomInt(32)]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
  });
}

/** Replaces every recovery code of the user with fresh ones, returned this once. */
async function replaceRecoveryCodes(db: Database, userId: number, ip: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  await recordIdentityEvent(db, { userId, kind: "recovery-codes-generated", ipAddress: ip });
  return codes;
}

export async function recoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function hasEnabledApp(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorApps.userId })
    .from(twoFactorApps)
    .where(and(eq(twoFactorApps.userId, userId), isNotNull(twoFactorApps.enabledAt)));
  return row !== undefined;
}

export async function twoFactorStatus(db: Database, config: Config, user: UserRow): Promise<TwoFactorStatus> {
  const [app] = await db
    .select({ enabledAt: twoFactorApps.enabledAt })
    .from(twoFactorApps)
    .where(eq(twoFactorApps.userId, user.id));
  const enabledAt = app?.enabledAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? await recoveryCodesLeft(db, user.id) : 0,
    adminMustEnrol: await adminMustEnrol(db, config, user),
  };
}

/**
 * Starts (or starts again) enrolling an authenticator app: a new secret waits beside the account
 * until one correct code from it confirms the app holds it. Nothing changes for sign-in until then.
 */
export async function startEnrolment(
  db: Database,
  secretBox: SecretBox,
  user: UserRow,
  now = new Date(),
): Promise<TwoFactorEnrolment> {
  if (await hasEnabledApp(db, user.id))
    throw conflict(
      /*i18n*/ {
        id: "error.two-factor.already-on",
        message: "Two-factor authentication is already on.",
      },
    );
  const secret = encodeBase32(randomBytes(SECRET_BYTES));
  const pending = { pendingSecretSealed: secretBox.seal(secret), pendingSince: now };
  await db
    .insert(twoFactorApps)
    .values({ userId: user.id, ...pending })
    .onConflictDoUpdate({ target: twoFactorApps.userId, set: pending });
  const label = encodeURIComponent(`${ISSUER}:${user.email}`);
  const otpauthUrl = `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(ISSUER)}&algorithm=SHA1&digits=6&period=${TOTP_PERIOD_SECONDS}`;
  return { secret, otpauthUrl, qrSvg: renderSVG(otpauthUrl, { ecc: "M", pixelSize: 6, border: 2 }) };
}

/**
 * Finishes enrolment with a code from the new app: the app is on from now, and ten recovery codes
 * are made and returned, this once. A wrong code changes nothing (and counts against `budgets`).
 */
export async function confirmEnrolment(
  db: Database,
  secretBox: SecretBox,
  user: UserRow,
  code: string,
  ip: string,
  budgets: RateRule[],
  now = new Date(),
): Promise<string[]> {
  const taken = await takeAll(db, budgets, now);
  const enrol = db.transaction(async (tx) => {
    const [app] = await tx
      .select()
      .from(twoFactorApps)
      .where(
        and(
          eq(twoFactorApps.userId, user.id),
          isNotNull(twoFactorApps.pendingSecretSealed),
          gt(twoFactorApps.pendingSince, new Date(now.getTime() - ENROLMENT_TTL_MS)),
        ),
      )
      .for("update");
    if (!app?.pendingSecretSealed) {
      throw conflict(
        /*i18n*/ {
          id: "error.two-factor.setup-expired",
          message: "Start setting up your authenticator app again: this setup has expired.",
        },
      );
    }
    if (app.enabledAt)
      throw conflict(
        /*i18n*/ {
          id: "error.two-factor.already-on",
          message: "Two-factor authentication is already on.",
        },
      );
    const secret = secretBox.open(app.pendingSecretSealed);
    const step = matchingStep(decodeBase32(secret), code, null, now.getTime());
    if (step === null) return null;
    await tx
      .update(twoFactorApps)
      .set({
        secretSealed: app.pendingSecretSealed,
        enabledAt: now,
        pendingSecretSealed: null,
        pendingSince: null,
        lastUsedStep: step,
      })
      .where(eq(twoFactorApps.userId, user.id));
    await recordIdentityEvent(tx, { userId: user.id, kind: "totp-enabled", ipAddress: ip });
    return replaceRecoveryCodes(tx, user.id, ip);
  });
  // A setup that expired or was finished elsewhere is no wrong code.
  const codes = await enrol.catch(async (err: unknown) => {
    await giveBack(db, taken);
    throw err;
  });
  if (codes === null) throw badRequest(fieldError("code", WRONG_CODE));
  await giveBack(db, taken);
  return codes;
}

/** New recovery codes in place of the old ones, for a current authenticator code. */
export async function regenerateRecoveryCodes(
  db: Database,
  secretBox: SecretBox,
  user: UserRow,
  code: string,
  ip: string,
  budgets: RateRule[],
): Promise<string[]> {
  const check = await checkAuthenticatorCode(db, secretBox, user.id, code, budgets);
  if (check === "not-enabled") throw conflict(NOT_ENABLED_MESSAGE);
  if (check === "wrong") throw badRequest(fieldError("code", WRONG_CODE));
  return db.transaction((tx) => replaceRecoveryCodes(tx, user.id, ip));
}

/** Turns the authenticator app off, for a current code from it or a recovery code. */
export async function disableTwoFactor(
  db: Database,
  secretBox: SecretBox,
  user: UserRow,
  proof: SecondFactorProof,
  ip: string,
  budgets: RateRule[],
): Promise<void> {
  if (!(await hasEnabledApp(db, user.id))) throw conflict(NOT_ENABLED_MESSAGE);
  if (proof.code !== undefined) {
    const check = await checkAuthenticatorCode(db, secretBox, user.id, proof.code, budgets);
    if (check === "not-enabled") throw conflict(NOT_ENABLED_MESSAGE);
    if (check === "wrong") throw badRequest(fieldError("code", WRONG_CODE));
  } else if (proof.recoveryCode !== undefined) {
    if ((await checkRecoveryCode(db, user.id, proof.recoveryCode, budgets)) === "wrong") {
      throw badRequest(fieldError("recoveryCode", WRONG_RECOVERY_CODE));
    }
  }
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorApps).where(eq(twoFactorApps.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await recordIdentityEvent(tx, { userId: user.id, kind: "totp-disabled", ipAddress: ip });
  });
}
