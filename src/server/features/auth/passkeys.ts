/**
 * Passkeys (WebAuthn, decision 021): enrolling them, signing in with a discoverable one, and a fresh
 * proof with one. The relying party is the portal's public origin (APP_URL). Every ceremony's
 * challenge is kept server-side in `webauthn_challenges`, named by the SHA-256 of a random id the
 * browser holds in a short-lived cookie, and is used at most once.
 */
import type { verifyRegistrationResponse } from "@simplewebauthn/server";
import { and, asc, count, eq, gt, isNull, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AddPasskeyBody, AuthenticationCredential } from "../../../shared/api/passkeys";
import type { Config } from "../../platform/config";
import type { Database } from "../../platform/db/database";
import { passkeys, type UserRow, users, webauthnChallenges } from "../../platform/db/schema";
import { badRequest, conflict, notFound } from "../../platform/http/errors";
import { RateLimitedError, take } from "../../platform/http/rate-limiter";
import { hashSecretToken, newSecretToken } from "../../platform/secrets/secret-token";
import { recordAuditEvent, recordIdentityEvent } from "../audit";
import { lockUser } from "./address-proof";

/** Long enough to touch a key or unlock a phone; short enough that a forgotten tab is useless. */
export const WEBAUTHN_CHALLENGE_TTL_MS = 5 * 60_000;
/** Enough for every device someone owns, and a bound on what one account can store. */
export const MAX_PASSKEYS_PER_USER = 20;
const RP_NAME = "Customer Portal";

/**
 * The WebAuthn library and the certificate and ASN.1 parsers under it loaded with the app took about
 * 40 ms of every start's main thread (`measure:cold-start`); it loads with the first ceremony instead.
 */
let webauthnLibrary: Promise<typeof import("@simplewebauthn/server")> | undefined;
const webauthn = () => {
  webauthnLibrary ??= import("@simplewebauthn/server");
  return webauthnLibrary;
};

export type CeremonyPurpose = "register" | "sign-in" | "step-up";

export const PASSKEY_EXPIRED_MESSAGE = /*i18n*/ {
  id: "error.passkey.expired",
  message: "This passkey request has expired. Please try again.",
};
export const PASSKEY_NOT_VERIFIED_MESSAGE = /*i18n*/ {
  id: "error.passkey.not-verified",
  message: "Your passkey could not be verified. Please try again.",
};
export const PASSKEY_UNKNOWN_MESSAGE = /*i18n*/ {
  id: "error.passkey.unknown",
  message: "This passkey is not registered with the portal.",
};

/** The relying party: the portal's public origin, and its host name as the RP id. */
export function relyingParty(config: Pick<Config, "appUrl">) {
  const url = new URL(config.appUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: RP_NAME };
}

/**
 * The WebAuthn user handle: the user's row id. It never changes (the uid can, with the operator's
 * base) and says nothing about the person.
 */
const userHandle = (userId: number) => new TextEncoder().encode(String(userId));
const userHandleText = (userId: number) => Buffer.from(String(userId)).toString("base64url");

// --- Ceremonies ---------------------------------------------------------------------------------

async function keepChallenge(
  db: Database,
  purpose: CeremonyPurpose,
  challenge: string,
  userId: number | null,
  now = new Date(),
): Promise<string> {
  const flowId = newSecretToken();
  await db.insert(webauthnChallenges).values({
    flowHash: hashSecretToken(flowId),
    purpose,
    challenge,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
  });
  // Ceremonies nobody finished are of no use to anyone.
  await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, new Date(now.getTime() - WEBAUTHN_CHALLENGE_TTL_MS)));
  return flowId;
}

/**
 * Takes the challenge for good, in one conditional UPDATE: a second answer with the same cookie, an
 * expired one, or one for another purpose or user finds nothing.
 */
async function takeChallenge(
  db: Database,
  flowId: string | undefined,
  purpose: CeremonyPurpose,
  userId: number | null,
  now = new Date(),
): Promise<string> {
  if (!flowId || flowId.length > 128) throw badRequest(PASSKEY_EXPIRED_MESSAGE);
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.flowHash, hashSecretToken(flowId)),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  if (!row) throw badRequest(PASSKEY_EXPIRED_MESSAGE);
  return row.challenge;
}

/** The cookie that names the ceremony under way in this browser. */
export function webauthnCookie(config: Pick<Config, "session">) {
  const secure = config.session.secureCookie;
  // The __Host- prefix makes the browser insist on Secure, host-only and Path=/.
  const name = secure ? "__Host-portal_webauthn" : "portal_webauthn";
  const options = { path: "/", httpOnly: true, sameSite: "strict" as const, secure };
  return {
    set(reply: FastifyReply, flowId: string) {
      reply.setCookie(name, flowId, { ...options, maxAge: Math.floor(WEBAUTHN_CHALLENGE_TTL_MS / 1000) });
    },
    read(request: FastifyRequest): string | undefined {
      return request.cookies[name];
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(name, options);
    },
  };
}

// --- Enrolment ----------------------------------------------------------------------------------

export async function userPasskeys(db: Database, userId: number) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

/** Options for `startRegistration`: a discoverable credential, none the user already has. */
export async function startRegistration(db: Database, config: Config, user: UserRow) {
  const existing = await userPasskeys(db, user.id);
  if (existing.length >= MAX_PASSKEYS_PER_USER) {
    throw conflict(
      /*i18n*/ {
        id: "error.passkey.at-most",
        message: "You can keep at most {max} passkeys. Remove one first.",
        values: { max: String(MAX_PASSKEYS_PER_USER) },
      },
    );
  }
  const { rpID, rpName } = relyingParty(config);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandle(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const flowId = await keepChallenge(db, "register", options.challenge, user.id);
  return { options, flowId };
}

/** Verifies a new credential against the challenge this browser was given, and keeps it. */
export async function finishRegistration(
  db: Database,
  config: Config,
  user: UserRow,
  body: AddPasskeyBody,
  flowId: string | undefined,
  ip: string,
) {
  const challenge = await takeChallenge(db, flowId, "register", user.id);
  const { rpID, origin } = relyingParty(config);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  const library = await webauthn();
  try {
    const verified = await library.verifyRegistrationResponse({
      response: body.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    info = verified.verified ? verified.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) throw badRequest(PASSKEY_NOT_VERIFIED_MESSAGE);
  const { credential } = info;
  const [saved] = await db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: (credential.transports ?? body.response.response.transports ?? []).slice(0, 10),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: body.name,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!saved)
    throw conflict(
      /*i18n*/ {
        id: "error.passkey.already-registered",
        message: "This passkey is already registered.",
      },
    );
  await recordIdentityEvent(db, {
    userId: user.id,
    kind: "passkey-added",
    detail: saved.name,
    ipAddress: ip,
  });
  return saved;
}

export async function renamePasskey(db: Database, user: UserRow, id: number, name: string) {
  const [renamed] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning();
  if (!renamed) throw notFound(/*i18n*/ { id: "error.passkey.not-found", message: "No such passkey" });
  return renamed;
}

/**
 * Removes one of the user's passkeys, unless it is their last way in: no password, no Google and no
 * other passkey. The user's row is locked, so two removals at once cannot both pass that check.
 */
export async function removePasskey(db: Database, user: UserRow, id: number, ip: string) {
  await db.transaction(async (tx) => {
    const me = (await lockUser(tx, user.id)) ?? user;
    const [key] = await tx
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, me.id)));
    if (!key) throw notFound(/*i18n*/ { id: "error.passkey.not-found", message: "No such passkey" });
    if (!me.passwordHash && !me.googleId) {
      const [others] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, me.id));
      if ((others?.n ?? 0) <= 1) {
        throw conflict(
          /*i18n*/ {
            id: "error.passkey.only-way",
            message:
              "This passkey is your only way to sign in: set a password or link Google before removing it.",
          },
        );
      }
    }
    await tx.delete(passkeys).where(and(eq(passkeys.id, key.id), eq(passkeys.userId, me.id)));
    await recordIdentityEvent(tx, {
      userId: me.id,
      kind: "passkey-removed",
      detail: key.name,
      ipAddress: ip,
    });
  });
}

// --- Sign-in and fresh proofs -------------------------------------------------------------------

/** Options for `startAuthentication`: any passkey of this portal (sign-in), or the user's (a fresh proof). */
export async function startAuthentication(db: Database, config: Config, user: UserRow | null) {
  const { rpID } = relyingParty(config);
  let allowCredentials: { id: string; transports: string[] }[] | undefined;
  if (user) {
    const keys = await userPasskeys(db, user.id);
    if (keys.length === 0)
      throw conflict(
        /*i18n*/ {
          id: "error.passkey.none-to-confirm",
          message: "You have no passkey to confirm with.",
        },
      );
    allowCredentials = keys.map((key) => ({ id: key.credentialId, transports: key.transports }));
  }
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID,
    userVerification: "required",
    ...(allowCredentials ? { allowCredentials } : {}),
  });
  const flowId = await keepChallenge(db, user ? "step-up" : "sign-in", options.challenge, user?.id ?? null);
  return { options, flowId };
}

/**
 * Verifies an assertion against the challenge this browser was given and the stored credential it
 * names (one of `user`'s, for a fresh proof), and moves the credential's counter on. A counter that
 * did not increase (when the authenticator counts at all) means a cloned authenticator or a replay,
 * and is refused. Returns the credential's owner.
 */
export async function finishAuthentication(
  db: Database,
  config: Config,
  credential: AuthenticationCredential,
  flowId: string | undefined,
  user: UserRow | null,
): Promise<UserRow> {
  const challenge = await takeChallenge(db, flowId, user ? "step-up" : "sign-in", user?.id ?? null);
  const [key] = await db
    .select()
    .from(passkeys)
    .where(
      user
        ? and(eq(passkeys.credentialId, credential.id), eq(passkeys.userId, user.id))
        : eq(passkeys.credentialId, credential.id),
    );
  if (!key) throw badRequest(PASSKEY_UNKNOWN_MESSAGE);
  // A discoverable credential names its user; it must be the credential's owner.
  if (credential.response.userHandle && credential.response.userHandle !== userHandleText(key.userId)) {
    throw badRequest(PASSKEY_NOT_VERIFIED_MESSAGE);
  }
  const { rpID, origin } = relyingParty(config);
  let newCounter: number | undefined;
  let backedUp = key.backedUp;
  const library = await webauthn();
  try {
    const verified = await library.verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: key.credentialId,
        publicKey: Buffer.from(key.publicKey, "base64url"),
        counter: key.counter,
        transports: key.transports,
      },
    });
    if (verified.verified) {
      newCounter = verified.authenticationInfo.newCounter;
      backedUp = verified.authenticationInfo.credentialBackedUp;
    }
  } catch {
    newCounter = undefined;
  }
  if (newCounter === undefined) throw badRequest(PASSKEY_NOT_VERIFIED_MESSAGE);
  // Conditional on the counter read above, so two uses of one assertion cannot both pass.
  const [used] = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date(), backedUp })
    .where(and(eq(passkeys.id, key.id), eq(passkeys.counter, key.counter)))
    .returning({ id: passkeys.id });
  if (!used) throw badRequest(PASSKEY_NOT_VERIFIED_MESSAGE);
  const [owner] = await db.select().from(users).where(eq(users.id, key.userId));
  if (!owner) throw badRequest(PASSKEY_UNKNOWN_MESSAGE);
  return owner;
}

/** At most this many failed passkey sign-ins at one account are written to the audit log per window. */
const FAILED_SIGN_IN_AUDIT = { limit: 10, windowMs: 15 * 60_000 };

/**
 * Records a failed passkey sign-in in the audit log, for the account whose passkey the assertion
 * named. An assertion naming no stored passkey concerns no account and is not recorded; at one
 * account, no more than 10 failures a quarter-hour are, so a flood cannot grow the log without bound
 * (decision 067).
 */
export async function recordFailedPasskeySignIn(
  db: Database,
  credentialId: string,
  ip: string,
): Promise<void> {
  const [key] = await db
    .select({ userId: passkeys.userId, name: passkeys.name })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId));
  if (!key) return;
  try {
    await take(db, { key: `passkey-failure-audited:${key.userId}`, ...FAILED_SIGN_IN_AUDIT });
  } catch (err) {
    if (err instanceof RateLimitedError) return;
    throw err;
  }
  await recordAuditEvent(db, {
    kind: "passkey-sign-in-failed",
    actorUserId: null,
    subjectUserId: key.userId,
    detail: key.name,
    ipAddress: ip,
  });
}
