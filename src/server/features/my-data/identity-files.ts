/**
 * The files about the customer themself: their profile, how they sign in, their sessions, and the
 * identity audit about them. Hashes, tokens and second-factor secrets are never read, so none can
 * reach the file.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type {
  IdentityEventFileRow,
  ProfileFile,
  SessionFileRow,
  SignInMethodsFile,
} from "../../../shared/api/my-data-files";
import {
  auditEvents,
  emailTokens,
  passkeys,
  recoveryCodes,
  sessions,
  twoFactorApps,
  users,
} from "../../platform/db/schema";
import type { ExportContext } from "./export-context";
import { iso, isoOrNull, jsonList, jsonObject, keysetPages, mapPages } from "./zip-stream";

async function readProfile({ db, me, startedAt }: ExportContext): Promise<ProfileFile> {
  const [user] = await db
    .select({
      id: users.id,
      uid: users.uid,
      name: users.name,
      email: users.email,
      username: users.username,
      role: users.role,
      emailVerifiedAt: users.emailVerifiedAt,
      profileImageUrl: users.profileImageUrl,
      onboardingUrl: users.onboardingUrl,
      optimizationUrl: users.optimizationUrl,
      language: users.language,
      browserLanguage: users.browserLanguage,
      airtableRecordId: users.airtableRecordId,
      replitId: users.replitId,
      lastSyncedAt: users.lastSyncedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, me.id));
  if (!user) throw new Error("the customer of a download is gone");
  const [change] = await db
    .select({
      newEmail: emailTokens.newEmail,
      createdAt: emailTokens.createdAt,
      expiresAt: emailTokens.expiresAt,
    })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, me.id),
        eq(emailTokens.purpose, "email-change"),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, startedAt),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return {
    id: user.id,
    uid: user.uid,
    name: user.name,
    email: user.email,
    username: user.username,
    role: user.role,
    emailVerifiedAt: isoOrNull(user.emailVerifiedAt),
    profileImageUrl: user.profileImageUrl,
    onboardingUrl: user.onboardingUrl,
    optimizationUrl: user.optimizationUrl,
    language: user.language,
    browserLanguage: user.browserLanguage,
    operatorRecordId: user.airtableRecordId,
    replitId: user.replitId,
    lastSyncedAt: isoOrNull(user.lastSyncedAt),
    createdAt: iso(user.createdAt),
    updatedAt: iso(user.updatedAt),
    pendingEmailChange:
      change?.newEmail != null
        ? { newEmail: change.newEmail, requestedAt: iso(change.createdAt), expiresAt: iso(change.expiresAt) }
        : null,
  };
}

async function readSignInMethods({ db, me }: ExportContext): Promise<SignInMethodsFile> {
  const [user] = await db
    .select({ hasPassword: sql<boolean>`${users.passwordHash} is not null`, googleId: users.googleId })
    .from(users)
    .where(eq(users.id, me.id));
  const [app] = await db
    .select({
      hasSecret: sql<boolean>`${twoFactorApps.secretSealed} is not null`,
      enabledAt: twoFactorApps.enabledAt,
    })
    .from(twoFactorApps)
    .where(eq(twoFactorApps.userId, me.id));
  const [codes] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, me.id), isNull(recoveryCodes.usedAt)));
  const keys = await db
    .select({
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
      deviceType: passkeys.deviceType,
      backedUp: passkeys.backedUp,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, me.id))
    .orderBy(asc(passkeys.id));
  const [googleEvent] = await db
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(eq(auditEvents.subjectUserId, me.id), inArray(auditEvents.kind, ["google-link", "google-sign-up"])),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  const twoFactorOn = app?.hasSecret === true && app.enabledAt !== null;
  const googleId = user?.googleId ?? null;
  return {
    // Whether a hash is stored is all that is read of it.
    password: { set: user?.hasPassword === true },
    twoFactor: {
      enabled: twoFactorOn,
      enabledAt: twoFactorOn ? isoOrNull(app?.enabledAt ?? null) : null,
      recoveryCodesLeft: twoFactorOn ? Number(codes?.left ?? 0) : 0,
    },
    passkeys: keys.map((key) => ({
      name: key.name,
      createdAt: iso(key.createdAt),
      lastUsedAt: isoOrNull(key.lastUsedAt),
      deviceType: key.deviceType,
      backedUp: key.backedUp,
      transports: key.transports,
    })),
    google: {
      linked: googleId !== null,
      subject: googleId,
      linkedAt: googleId !== null ? isoOrNull(googleEvent?.at ?? null) : null,
    },
  };
}

function sessionPages({ db, me, sessionId }: ExportContext): AsyncIterable<SessionFileRow[]> {
  const pages = keysetPages((afterId, limit) =>
    db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent,
        ipAddress: sessions.ipAddress,
        provenBy: sessions.provenBy,
        provenAt: sessions.provenAt,
      })
      .from(sessions)
      .where(and(eq(sessions.userId, me.id), gt(sessions.id, afterId)))
      .orderBy(asc(sessions.id))
      .limit(limit),
  );
  return mapPages(pages, (page) =>
    page.map((row) => ({
      id: row.id,
      thisBrowser: row.id === sessionId,
      createdAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
      expiresAt: iso(row.expiresAt),
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      provenBy: row.provenBy,
      provenAt: iso(row.provenAt),
    })),
  );
}

function identityEventPages({ db, me }: ExportContext): AsyncIterable<IdentityEventFileRow[]> {
  const pages = keysetPages((afterId, limit) =>
    db
      .select({
        id: auditEvents.id,
        kind: auditEvents.kind,
        actorUserId: auditEvents.actorUserId,
        detail: auditEvents.detail,
        ipAddress: auditEvents.ipAddress,
        at: auditEvents.at,
      })
      .from(auditEvents)
      // The secrets shown have their own file (secret-reveals.json).
      .where(
        and(
          eq(auditEvents.subjectUserId, me.id),
          ne(auditEvents.kind, "secret-revealed"),
          gt(auditEvents.id, afterId),
        ),
      )
      .orderBy(asc(auditEvents.id))
      .limit(limit),
  );
  return mapPages(pages, (page) =>
    page.map((row) => ({
      kind: row.kind,
      // Only what the customer did themselves carries its detail and address: not an operator's
      // notes (the reason they viewed the account) or address, nor a stranger's who failed to sign in.
      detail: row.actorUserId === me.id ? row.detail : null,
      ipAddress: row.actorUserId === me.id ? row.ipAddress : null,
      at: iso(row.at),
    })),
  );
}

export const profileFile = (ctx: ExportContext) => jsonObject(() => readProfile(ctx));
export const signInMethodsFile = (ctx: ExportContext) => jsonObject(() => readSignInMethods(ctx));
export const sessionsFile = (ctx: ExportContext) => jsonList(sessionPages(ctx));
export const identityAuditFile = (ctx: ExportContext) => jsonList(identityEventPages(ctx));
