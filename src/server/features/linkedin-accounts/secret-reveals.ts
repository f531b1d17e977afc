/**
 * Showing stored secrets on demand (decision D7): one secret, the current login code, or an export.
 * Each is rate limited per user in the database, scoped to accounts the user may see, and recorded
 * before the secret is handed back.
 */
import type { FastifyBaseLogger } from "fastify";
import type {
  ExportedSecrets,
  LoginCode,
  RevealableSecret,
  RevealedSecret,
} from "../../../shared/api/linkedin-accounts";
import type { Database } from "../../platform/db/database";
import type { UserRow } from "../../platform/db/schema";
import { HttpError, notFound } from "../../platform/http/errors";
import { mayActFor } from "../../platform/http/own-uid";
import { hit } from "../../platform/http/rate-limiter";
import { openRecoveryCodes } from "../../platform/secrets/recovery-codes";
import type { SecretBox } from "../../platform/secrets/secret-box";
import { decodeBase32, InvalidBase32Error, TOTP_PERIOD_SECONDS, totp } from "../../platform/secrets/totp";
import { findAccountSecret, findOwnedAccountsSecrets } from "./accounts-queries";
import { recordReveal } from "./reveal-audit";

// Generous for a person clicking through their accounts, tight for a script walking through ids.
const REVEAL_LIMIT = { limit: 30, windowMs: 5 * 60_000 };
// A login code changes every 30 s and the screen may ask for each new one while it is open.
const LOGIN_CODE_LIMIT = { limit: 120, windowMs: 10 * 60_000 };
// One export hands over every secret at once.
const EXPORT_LIMIT = { limit: 5, windowMs: 10 * 60_000 };

export interface RevealContext {
  db: Database;
  secretBox: SecretBox;
  log: FastifyBaseLogger;
  me: UserRow;
  ip: string;
}

const ACCOUNT_NOT_FOUND = /*i18n*/ { id: "error.account.not-found", message: "Account not found" };

function openSecret(box: SecretBox, sealed: string | null): string | null {
  return sealed === null ? null : box.open(sealed);
}

export async function revealSecret(
  ctx: RevealContext,
  accountId: number,
  secret: RevealableSecret,
): Promise<RevealedSecret> {
  await hit(ctx.db, [{ key: `reveal:${ctx.me.id}`, ...REVEAL_LIMIT }]);
  const account = await findAccountSecret(ctx.db, accountId, secret);
  // Someone else's account answers as an unknown one, so ids cannot be probed.
  if (!account || !mayActFor(ctx.me, account.userId)) throw notFound(ACCOUNT_NOT_FOUND);
  const revealed =
    secret === "recoveryCodes"
      ? { secret, value: null, codes: openRecoveryCodes(ctx.secretBox, account.sealed) }
      : { secret, value: openSecret(ctx.secretBox, account.sealed), codes: null };
  await recordReveal(ctx.db, ctx.log, {
    kind: secret,
    actorUserId: ctx.me.id,
    ip: ctx.ip,
    accounts: [account],
  });
  return revealed;
}

export async function currentLoginCode(
  ctx: RevealContext,
  accountId: number,
  now: number,
): Promise<LoginCode> {
  await hit(ctx.db, [{ key: `login-code:${ctx.me.id}`, ...LOGIN_CODE_LIMIT }]);
  const account = await findAccountSecret(ctx.db, accountId, "twoFaSecret");
  if (!account || !mayActFor(ctx.me, account.userId)) throw notFound(ACCOUNT_NOT_FOUND);
  if (account.sealed === null)
    throw notFound(
      /*i18n*/ {
        id: "error.linkedin-account.no-2fa-secret",
        message: "No 2FA secret is stored for this account",
      },
    );
  const secret = ctx.secretBox.open(account.sealed);
  let key: Buffer;
  try {
    key = decodeBase32(secret);
  } catch (err) {
    if (err instanceof InvalidBase32Error) {
      throw new HttpError(
        422,
        /*i18n*/ {
          id: "error.linkedin-account.invalid-2fa-secret",
          message: "The stored 2FA secret is not a valid authenticator key",
        },
      );
    }
    throw err;
  }
  const { code, secondsLeft } = totp(key, now);
  await recordReveal(ctx.db, ctx.log, {
    kind: "loginCode",
    actorUserId: ctx.me.id,
    ip: ctx.ip,
    accounts: [account],
  });
  return { code, secondsLeft, period: TOTP_PERIOD_SECONDS };
}

/** The secrets of those of `accountIds` that belong to the owner; the others are left out. */
export async function exportSecrets(
  ctx: RevealContext,
  ownerId: number | undefined,
  accountIds: number[],
): Promise<ExportedSecrets> {
  await hit(ctx.db, [{ key: `export-secrets:${ctx.me.id}`, ...EXPORT_LIMIT }]);
  const accounts = ownerId === undefined ? [] : await findOwnedAccountsSecrets(ctx.db, ownerId, accountIds);
  const exported = accounts.map((account) => ({
    id: account.id,
    password: openSecret(ctx.secretBox, account.password),
    proxyPassword: openSecret(ctx.secretBox, account.proxyPassword),
    recoveryCodes: openRecoveryCodes(ctx.secretBox, account.recoveryCodes) ?? [],
  }));
  await recordReveal(ctx.db, ctx.log, { kind: "export", actorUserId: ctx.me.id, ip: ctx.ip, accounts });
  return exported;
}
