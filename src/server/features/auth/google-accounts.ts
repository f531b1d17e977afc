/**
 * Who a verified Google identity is in the portal: the user already linked to its subject; else, when
 * the issuer vouches for the email, the user with that email (linked now, which also completes an
 * imported customer's claim, decision D8, and ends whatever an unproven registrant of that address
 * had set up, decision 017); else a new customer. An unverified email never links.
 */
import { eq, sql } from "drizzle-orm";
import { cleanedName, plainAddress } from "../../../shared/api/outside-identity";
import { CONTROL_CHARACTER } from "../../../shared/api/text";
import { IdentityError, type VerifiedIdentity } from "../../platform/adapters/identity/port";
import type { Database } from "../../platform/db/database";
import { type UserRow, users } from "../../platform/db/schema";
import { recordIdentityEvent } from "../audit";
import { endUnprovenAccess, lockUser } from "./address-proof";
import { hasPasskey } from "./second-factor";
import { findUserByEmail, uniqueViolation } from "./users-repo";

/** Why a Google identity could not be let in; each has its message on the sign-in page. */
export type GoogleRefusal = "unverified" | "no-email" | "linked-elsewhere" | "already-linked";

export class GoogleSignInRefused extends Error {
  constructor(readonly refusal: GoogleRefusal) {
    super(refusal);
    this.name = "GoogleSignInRefused";
  }
}

/**
 * The identity as Settings would take it (decision 068): the name cleaned of control, invisible and
 * text-direction characters, an email that is not one plain address treated as none, and a picture
 * only at a web address. A subject no text column can hold names no one.
 */
function asSettingsWould(identity: VerifiedIdentity): VerifiedIdentity {
  if (CONTROL_CHARACTER.test(identity.subject)) throw new IdentityError("invalid", "The subject is not text");
  const picture = identity.pictureUrl;
  return {
    ...identity,
    email: plainAddress(identity.email) ?? undefined,
    name: cleanedName(identity.name) ?? undefined,
    pictureUrl:
      picture && /^https?:\/\//i.test(picture) && !CONTROL_CHARACTER.test(picture) && picture.length <= 2000
        ? picture
        : undefined,
  };
}

async function userOfSubject(db: Database, subject: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.googleId}) = lower(${subject})`)
    .limit(1);
  return user;
}

/** A username from the email's local part, made unique with a number when taken. */
async function freeUsername(db: Database, email: string): Promise<string> {
  const local = (email.split("@")[0] ?? "").toLowerCase().replace(/[^a-z0-9._-]+/g, "");
  const stem = (local.length >= 3 ? local : `${local}user`).slice(0, 40);
  for (let n = 0; n < 50; n++) {
    const candidate = n === 0 ? stem : `${stem}${n + 1}`;
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = ${candidate}`)
      .limit(1);
    if (!taken) return candidate;
  }
  return `${stem.slice(0, 30)}-${crypto.randomUUID().slice(0, 8)}`;
}

async function link(db: Database, user: UserRow, identity: VerifiedIdentity, ip: string): Promise<UserRow> {
  const [linked] = await db
    .update(users)
    .set({
      googleId: identity.subject,
      // Google vouched for this address: the same proof a mailed link gives.
      ...(identity.emailVerified && identity.email?.toLowerCase() === user.email.toLowerCase()
        ? { emailVerifiedAt: user.emailVerifiedAt ?? new Date() }
        : {}),
      profileImageUrl: user.profileImageUrl ?? identity.pictureUrl ?? null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!linked) throw new Error("the user to link is gone");
  await recordIdentityEvent(db, {
    userId: user.id,
    kind: "google-link",
    detail: identity.subject,
    ipAddress: ip,
  });
  return linked;
}

/** The user this identity signs in as, linking or creating one as the rules above say. */
export async function userForGoogleIdentity(
  db: Database,
  given: VerifiedIdentity,
  ip: string,
): Promise<UserRow> {
  const identity = asSettingsWould(given);
  const known = await userOfSubject(db, identity.subject);
  if (known) {
    await recordIdentityEvent(db, {
      userId: known.id,
      kind: "google-sign-in",
      detail: identity.subject,
      ipAddress: ip,
    });
    return known;
  }
  if (!identity.email) throw new GoogleSignInRefused("no-email");
  // Neither linking nor a new account on an address the issuer does not vouch for: whoever holds it
  // could otherwise take over, or squat, the portal account of its real owner.
  if (!identity.emailVerified) throw new GoogleSignInRefused("unverified");

  const byEmail = await findUserByEmail(db, identity.email);
  if (byEmail) {
    return db.transaction(async (tx) => {
      const current = (await lockUser(tx, byEmail.id)) ?? byEmail;
      // The issuer vouches for the address: whatever someone who only typed it set up (a password,
      // sessions, their own Google link) ends before its owner is let in (decision 017).
      const owner = await endUnprovenAccess(tx, current, { by: "google", ip });
      if (owner.googleId) throw new GoogleSignInRefused("linked-elsewhere");
      return link(tx, owner, identity, ip);
    });
  }
  try {
    const [created] = await db
      .insert(users)
      .values({
        email: identity.email,
        name: identity.name ?? cleanedName(identity.email.split("@")[0]) ?? "Customer",
        username: await freeUsername(db, identity.email),
        googleId: identity.subject,
        profileImageUrl: identity.pictureUrl ?? null,
        emailVerifiedAt: new Date(),
      })
      .returning();
    if (!created) throw new Error("no user was created");
    await recordIdentityEvent(db, {
      userId: created.id,
      kind: "google-sign-up",
      detail: identity.subject,
      ipAddress: ip,
    });
    return created;
  } catch (error) {
    // Two first sign-ins at once: the other one created the user; sign in as it.
    if (uniqueViolation(error) === undefined) throw error;
    const again = await userOfSubject(db, identity.subject);
    if (again) return again;
    throw error;
  }
}

/** Links Google to a signed-in user who asked for it from Settings. */
export async function linkGoogleToUser(
  db: Database,
  user: UserRow,
  given: VerifiedIdentity,
  ip: string,
): Promise<UserRow> {
  const identity = asSettingsWould(given);
  const holder = await userOfSubject(db, identity.subject);
  if (holder && holder.id !== user.id) throw new GoogleSignInRefused("linked-elsewhere");
  if (holder) return holder;
  if (user.googleId) throw new GoogleSignInRefused("already-linked");
  return link(db, user, identity, ip);
}

/** Unlinks Google, unless it is the user's only way in. Null when that refusal applies. */
export async function unlinkGoogle(db: Database, user: UserRow, ip: string): Promise<UserRow | null> {
  // Unlinking must leave a way in: a password, or a passkey (which is a whole sign-in by itself).
  if (!user.passwordHash && !(await hasPasskey(db, user.id))) return null;
  const [unlinked] = await db
    .update(users)
    .set({ googleId: null, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  await recordIdentityEvent(db, {
    userId: user.id,
    kind: "google-unlink",
    detail: user.googleId,
    ipAddress: ip,
  });
  return unlinked ?? null;
}
