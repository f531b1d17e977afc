/**
 * Pre-account takeover (decision 017): someone registers the owner's address with a password of their
 * own before the operator's base has the owner's record. Whatever path later proves the address, the
 * registrant's password, sessions, Google link and pending links stop working before the owner is let
 * in, and the sync hands the owner's LinkedIn accounts only to the one who proved the address.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditEvents,
  emailTokens,
  linkedinAccounts,
  sessions,
  users,
} from "../../../src/server/platform/db/schema";
import { createSession } from "../../../src/server/platform/http/session-store";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import { startTestIssuer, type TestIssuer } from "../../fakes/oidc-issuer";
import { airtableBase, type BaseContents, testAirtableSource } from "../../support/airtable-base";
import { linkToken, readMailbox } from "../../support/mailbox";
import { createTestApp, type TestApp } from "../../support/test-app";
import { insertUser, signedInUser } from "../../support/users";

const REGISTRANT_PASSWORD = "Squatters-Lantern-42";
const OWNER_PASSWORD = "Owners-Own-Lantern-77";
let sequence = 0;
const nextSubject = () => `2098${Date.now()}${++sequence}`;

type Jar = Record<string, string>;
const cookieHeader = (jar: Jar) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
function keepCookies(res: { cookies: Array<{ name: string; value: string }> }, jar: Jar): Jar {
  for (const cookie of res.cookies) {
    if (cookie.value === "") delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return jar;
}

describe("a proof of an address outranks an unproven claim to it", () => {
  let issuer: TestIssuer;
  let fake: FakeAirtable;
  let base: BaseContents;
  let t: TestApp;

  beforeEach(async () => {
    issuer = await startTestIssuer();
    base = airtableBase({ customers: 1, accountsPerCustomer: 2 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    t = await createTestApp({
      env: {
        GOOGLE_CLIENT_ID: "portal-test-client",
        GOOGLE_CLIENT_SECRET: "portal-test-secret",
        GOOGLE_ISSUER_URL: issuer.url,
      },
      syncSource: (db) => testAirtableSource(db.db, fake, { requestsPerSecond: 100 }),
    });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
    await issuer.close();
  });

  const db = () => t.database.db;
  const ownerEmail = () => base.customers[0]?.email ?? "";
  const me = async (jar: Jar) => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: cookieHeader(jar) },
    });
    return res.statusCode === 200 ? (res.json() as { id: number; email: string; uid: string }) : null;
  };
  const passwordSignIn = async (password: string) => {
    const res = await t.post("/api/login", { email: ownerEmail(), password });
    return { status: res.statusCode, jar: keepCookies(res, {}) };
  };
  const ownersAccounts = async (userId: number) =>
    db().select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, userId));
  const sync = async () => {
    const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).not.toBe("failed");
  };

  /** Google's walk in one browser: start (or link, from Settings), the issuer's approval, the callback. */
  async function google(jar: Jar, claims: Record<string, unknown>, how: "sign-in" | "link" = "sign-in") {
    issuer.signInAs(claims);
    const start =
      how === "link"
        ? await t.post("/api/auth/google/link", {}, { headers: { cookie: cookieHeader(jar) } })
        : await t.app.inject({
            method: "GET",
            url: "/api/auth/google",
            headers: { cookie: cookieHeader(jar) },
          });
    keepCookies(start, jar);
    const authorize = how === "link" ? start.json().url : String(start.headers.location);
    const approved = await fetch(authorize, { redirect: "manual" });
    const callback = new URL(String(approved.headers.get("location")));
    const back = await t.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeader(jar) },
    });
    keepCookies(back, jar);
    return new URL(String(back.headers.location)).pathname + new URL(String(back.headers.location)).search;
  }

  /**
   * The registrant's set-up: the owner's address with their own password, their own Google account
   * linked from Settings, and an email change waiting (a pending link). Answers their browser.
   */
  async function squat(): Promise<{ jar: Jar; userId: number; googleSubject: string; pendingToken: string }> {
    // Registered before registering needed the mailed link (decision 071), or by any other way to
    // an account whose address nobody has proven.
    const registered = await signedInUser(t.database.db, t.config, {
      name: "Not The Owner",
      username: `squatter${++sequence}`,
      email: ownerEmail(),
      password: REGISTRANT_PASSWORD,
    });
    const jar: Jar = { [t.config.session.cookieName]: registered.token };
    // The verification link such an account was mailed, which the owner then receives.
    const resent = await t.post(
      "/api/user/email/verify/resend",
      {},
      { headers: { cookie: cookieHeader(jar) } },
    );
    expect(resent.statusCode).toBe(200);
    const googleSubject = nextSubject();
    expect(
      await google(
        jar,
        { sub: googleSubject, email: `squatter${sequence}@gmail.example`, email_verified: true },
        "link",
      ),
    ).toBe("/settings?google=linked");
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/user/${registered.user.id}`,
      payload: { email: `squatter-next${sequence}@example.test`, name: "Not The Owner" },
      headers: { origin: t.config.appUrl, "content-type": "application/json", cookie: cookieHeader(jar) },
    });
    expect(saved.statusCode).toBe(200);
    const mail = (await readMailbox(t.app)).find((m) => m.to === `squatter-next${sequence}@example.test`);
    if (!mail) throw new Error("no email-change link");
    // The first sync meets the owner's record and refuses to link it to an unproven address.
    await sync();
    expect(await ownersAccounts(registered.user.id)).toHaveLength(0);
    return {
      jar,
      userId: registered.user.id,
      googleSubject,
      pendingToken: linkToken(mail, "/settings/confirm-email"),
    };
  }

  /** Nothing the registrant set up opens the account any more. */
  async function expectRegistrantLockedOut(squatter: Awaited<ReturnType<typeof squat>>) {
    expect(await me(squatter.jar)).toBeNull();
    expect((await passwordSignIn(REGISTRANT_PASSWORD)).status).toBe(401);
    const [row] = await db().select().from(users).where(eq(users.id, squatter.userId));
    expect(row?.googleId).not.toBe(squatter.googleSubject);
    // Their own Google account no longer leads into the owner's account.
    const theirGoogle: Jar = {};
    await google(theirGoogle, {
      sub: squatter.googleSubject,
      email: `elsewhere${sequence}@gmail.example`,
      email_verified: true,
    });
    expect((await me(theirGoogle))?.id).not.toBe(squatter.userId);
    // Their pending email change is dead.
    // (The proven owner's own sign-in has a "This wasn't me" link of its own, decision 072.)
    const pending = await db().select().from(emailTokens).where(eq(emailTokens.userId, squatter.userId));
    const live = await db()
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, squatter.userId));
    const owners = new Set(live.map((session) => session.id));
    expect(
      pending.every(
        (token) =>
          token.usedAt !== null ||
          (token.purpose === "sign-in-disowned" && owners.has(token.sessionId ?? -1)),
      ),
    ).toBe(true);
    const [ended] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, "unproven-access-ended"));
    expect(ended).toMatchObject({
      subjectUserId: squatter.userId,
      detail: expect.stringMatching(/password/),
    });
    expect(ended?.detail).toMatch(/Google link/);
  }

  /** After the next sync, the owner sees their accounts, and nobody else holds a session to them. */
  async function expectOwnerHoldsTheAccount(owner: Jar, userId: number) {
    await sync();
    expect(await me(owner)).toMatchObject({ id: userId, uid: base.customers[0]?.uid });
    expect(await ownersAccounts(userId)).toHaveLength(2);
    const live = await db().select().from(sessions).where(eq(sessions.userId, userId));
    expect(live).toHaveLength(1);
  }

  it("through Google: the issuer's proof ends the registrant's password, sessions, Google link and pending links", async () => {
    const squatter = await squat();
    const owner: Jar = {};
    expect(
      await google(owner, { sub: nextSubject(), email: ownerEmail().toUpperCase(), email_verified: true }),
    ).toBe("/dashboard");
    expect((await me(owner))?.id).toBe(squatter.userId);
    await expectRegistrantLockedOut(squatter);
    await expectOwnerHoldsTheAccount(owner, squatter.userId);
  });

  it("through a reset link: the owner's new password is the only one, and the registrant's Google link is gone", async () => {
    const squatter = await squat();
    await t.post("/api/forgot-password", { email: ownerEmail() });
    const mail = (await readMailbox(t.app)).find(
      (m) => m.to === ownerEmail() && m.text.includes("/reset-password"),
    );
    if (!mail) throw new Error("no reset link");
    const reset = await t.post("/api/reset-password", {
      token: linkToken(mail, "/reset-password"),
      password: OWNER_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    await expectRegistrantLockedOut(squatter);
    const signedIn = await passwordSignIn(OWNER_PASSWORD);
    expect(signedIn.status).toBe(200);
    await expectOwnerHoldsTheAccount(signedIn.jar, squatter.userId);
  });

  it("through a claim link: an imported record's account keeps nothing it had before its owner proved the address", async () => {
    // The owner's record came in first; a session and a Google link it somehow had must not survive.
    await sync();
    const [imported] = await db().select().from(users).where(eq(users.email, ownerEmail()));
    if (!imported) throw new Error("the record was not imported");
    const stray = nextSubject();
    await db().update(users).set({ googleId: stray }).where(eq(users.id, imported.id));
    const leftover = await createSession(db(), t.config.session, imported.id);

    const ask = await t.post("/api/register-existing-user", {
      email: ownerEmail(),
      password: OWNER_PASSWORD,
    });
    const claimJar = keepCookies(ask, {});
    const mail = (await readMailbox(t.app)).find((m) => m.to === ownerEmail());
    if (!mail) throw new Error("no claim link");
    const confirmed = await t.post(
      "/api/register-existing-user/confirm",
      { token: linkToken(mail, "/register-existing/confirm") },
      { headers: { cookie: cookieHeader(claimJar) } },
    );
    expect(confirmed.statusCode).toBe(200);
    const owner = keepCookies(confirmed, claimJar);
    expect(await me({ [t.config.session.cookieName]: leftover.token })).toBeNull();
    const [row] = await db().select().from(users).where(eq(users.id, imported.id));
    expect(row?.googleId).toBeNull();
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    const [ended] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, "unproven-access-ended"));
    expect(ended).toMatchObject({ subjectUserId: imported.id, detail: "claim-link: 1 session, Google link" });
    await expectOwnerHoldsTheAccount(owner, imported.id);
  });

  it("through the verification link: the owner who only received it cannot prove the address for the registrant", async () => {
    const squatter = await squat();
    const mail = (await readMailbox(t.app)).find(
      (m) => m.to === ownerEmail() && m.text.includes("/verify-email"),
    );
    if (!mail) throw new Error("no verification link");
    const followed = await t.post("/api/user/email/verify", { token: linkToken(mail, "/verify-email") });
    expect(followed.statusCode).toBe(401);
    await sync();
    expect(await ownersAccounts(squatter.userId)).toHaveLength(0);
    expect(await me(squatter.jar)).toMatchObject({ id: squatter.userId });
  });

  it("through an email change: someone else's account cannot take the owner's address by their click", async () => {
    const other = await signedInUser(db(), t.config, {
      email: `elsewhere${Date.now()}@example.test`,
      emailVerifiedAt: new Date(),
      password: REGISTRANT_PASSWORD,
    });
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/user/${other.user.id}`,
      payload: { email: ownerEmail(), name: "Not The Owner" },
      headers: { origin: t.config.appUrl, "content-type": "application/json", cookie: other.cookie },
    });
    expect(saved.statusCode).toBe(200);
    const mail = (await readMailbox(t.app)).find((m) => m.to === ownerEmail());
    if (!mail) throw new Error("no email-change link");
    const token = linkToken(mail, "/settings/confirm-email");
    // The owner follows it, signed out, then signed in to an account of their own.
    expect((await t.post("/api/user/email/confirm", { token })).statusCode).toBe(401);
    const ownersOther = await insertUser(db(), { emailVerifiedAt: new Date() });
    const session = await createSession(db(), t.config.session, ownersOther.id);
    const elsewhere = await t.post(
      "/api/user/email/confirm",
      { token },
      { headers: { cookie: `${t.config.session.cookieName}=${session.token}` } },
    );
    expect(elsewhere.statusCode).toBe(403);

    await sync();
    const [row] = await db().select().from(users).where(eq(users.id, other.user.id));
    expect(row?.email).toBe(other.user.email);
    expect(await ownersAccounts(other.user.id)).toHaveLength(0);
  });

  it("records nothing for an imported customer's ordinary claim, which had nothing to end", async () => {
    await sync();
    const ask = await t.post("/api/register-existing-user", {
      email: ownerEmail(),
      password: OWNER_PASSWORD,
    });
    const jar = keepCookies(ask, {});
    const mail = (await readMailbox(t.app)).find((m) => m.to === ownerEmail());
    if (!mail) throw new Error("no claim link");
    const confirmed = await t.post(
      "/api/register-existing-user/confirm",
      { token: linkToken(mail, "/register-existing/confirm") },
      { headers: { cookie: cookieHeader(jar) } },
    );
    expect(confirmed.statusCode).toBe(200);
    expect((await passwordSignIn(OWNER_PASSWORD)).status).toBe(200);
    expect(
      await db().select().from(auditEvents).where(eq(auditEvents.kind, "unproven-access-ended")),
    ).toEqual([]);
  });

  it("does not end anything when the address was already proven", async () => {
    const owner = await signedInUser(db(), t.config, {
      email: ownerEmail(),
      emailVerifiedAt: new Date(),
      password: OWNER_PASSWORD,
    });
    const jar: Jar = {};
    expect(await google(jar, { sub: nextSubject(), email: ownerEmail(), email_verified: true })).toBe(
      "/dashboard",
    );
    expect(await me({ [t.config.session.cookieName]: owner.token })).toMatchObject({ id: owner.user.id });
    expect((await passwordSignIn(OWNER_PASSWORD)).status).toBe(200);
    expect(
      await db().select().from(auditEvents).where(eq(auditEvents.kind, "unproven-access-ended")),
    ).toEqual([]);
  });
});
