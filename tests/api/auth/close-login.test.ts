/**
 * Closing one's portal login (decision 034), end to end on the app with the operator's base on a
 * fake Airtable: after a fresh proof and the account's email typed, every way in ends, the profile is
 * anonymised, the ledger and the operator's records stay, the base and the audit are told and the
 * address gets a sealed confirmation. Afterwards the login answers as an unknown email everywhere,
 * the sync does not revive it, and an existing-customer claim of the address brings it back.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLOSED_LOGIN_NAME, closedLoginEmail } from "../../../src/server/features/auth/close-login";
import { userForGoogleIdentity } from "../../../src/server/features/auth/google-accounts";
import { hashPassword } from "../../../src/server/features/auth/password";
import { loginClosedKey } from "../../../src/server/features/sync/write-back";
import {
  auditEvents,
  emailTokens,
  linkedinAccounts,
  oidcFlows,
  orders,
  outboxJobs,
  passkeys,
  pendingSignIns,
  recoveryCodes,
  sessions,
  subscriptions,
  transactions,
  twoFactorApps,
  type UserRow,
  users,
  webauthnChallenges,
} from "../../../src/server/platform/db/schema";
import { createSession } from "../../../src/server/platform/http/session-store";
import { hashSecretToken } from "../../../src/server/platform/secrets/secret-token";
import { INVALID_CREDENTIALS_MESSAGE } from "../../../src/shared/api/auth";
import {
  CLOSE_LOGIN_EMAIL_MISMATCH_MESSAGE,
  CLOSE_LOGIN_EMAIL_REQUIRED_MESSAGE,
  LOGIN_CLOSED_MESSAGE,
} from "../../../src/shared/api/close-login";
import { type FakeAirtable, startFakeAirtable } from "../../fakes/airtable-server";
import {
  airtableBase,
  type BaseContents,
  TABLE,
  testAirtableSource,
  userFields,
} from "../../support/airtable-base";
import { testSecretBox } from "../../support/linkedin-accounts";
import { linkToken, readMailbox } from "../../support/mailbox";
import { type CeremonyOptions, SoftAuthenticator } from "../../support/soft-authenticator";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

const PASSWORD = "Quiet-Harbour-Lantern-42";
const RP_ID = new URL(TEST_APP_URL).hostname;
const CEREMONY_COOKIE = "portal_webauthn";
const MINUTE = 60_000;
const today = () => new Date().toISOString().slice(0, 10);

describe("closing a portal login", () => {
  let fake: FakeAirtable;
  let t: TestApp;
  let base: BaseContents;
  let next = 0;

  beforeAll(async () => {
    base = airtableBase({ customers: 12, accountsPerCustomer: 2, transactionsPerCustomer: 1 });
    fake = await startFakeAirtable({ tables: base.tables, fields: base.fields, rateLimit: false });
    t = await createTestApp({
      syncSource: (db) => testAirtableSource(db.db, fake, { requestsPerSecond: 100 }),
    });
    const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run.status).toBe("succeeded");
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.database.db;
  const sessionCookie = (token: string) => `${t.config.session.cookieName}=${token}`;

  interface Customer {
    user: UserRow;
    email: string;
    cookie: string;
  }

  /**
   * The next imported customer of the base, who has claimed their record (a password, a verified
   * email) and is signed in; `provenMinutesAgo` ages the session's proof.
   */
  async function customer(options: { provenMinutesAgo?: number } = {}): Promise<Customer> {
    const record = base.customers[next++];
    if (!record) throw new Error("the base has no more customers for these tests");
    const [user] = await db()
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() })
      .where(eq(users.uid, record.uid))
      .returning();
    if (!user) throw new Error("the customer was not imported");
    const cookie = await newSession(user.id, options.provenMinutesAgo ?? 0);
    return { user, email: user.email, cookie };
  }

  async function newSession(userId: number, provenMinutesAgo = 0): Promise<string> {
    const { token, session } = await createSession(db(), t.config.session, userId);
    await db()
      .update(sessions)
      .set({ provenAt: new Date(Date.now() - provenMinutesAgo * MINUTE) })
      .where(eq(sessions.id, session.id));
    return sessionCookie(token);
  }

  const close = (cookie: string, email: string) =>
    t.post("/api/me/close-login", { email }, { headers: { cookie } });
  const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
  const rowOf = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
  const baseRecordOf = (recordId: string | null) => fake.records(TABLE.users).find((r) => r.id === recordId);
  const eventsOf = async (userId: number) =>
    (
      await db()
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.subjectUserId, userId))
        .orderBy(auditEvents.id)
    ).map((e) => e.kind);

  /** Everything that is a way into the account, as the closing must leave it: counted per table. */
  async function waysIn(userId: number) {
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    return {
      sessions: await count(db().select().from(sessions).where(eq(sessions.userId, userId))),
      passkeys: await count(db().select().from(passkeys).where(eq(passkeys.userId, userId))),
      twoFactorApps: await count(db().select().from(twoFactorApps).where(eq(twoFactorApps.userId, userId))),
      recoveryCodes: await count(db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))),
      emailTokens: await count(db().select().from(emailTokens).where(eq(emailTokens.userId, userId))),
      oidcFlows: await count(db().select().from(oidcFlows).where(eq(oidcFlows.linkUserId, userId))),
      pendingSignIns: await count(
        db().select().from(pendingSignIns).where(eq(pendingSignIns.userId, userId)),
      ),
      webauthnChallenges: await count(
        db().select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, userId)),
      ),
    };
  }

  /** Gives the customer one of every way in the closing must end, and answers what it gave. */
  async function enrolEverything(user: UserRow) {
    const soon = new Date(Date.now() + 10 * MINUTE);
    const tag = `${user.id}-${Date.now()}`;
    await db()
      .update(users)
      .set({ googleId: `google-${tag}`, profileImageUrl: "https://img.example/me.png" })
      .where(eq(users.id, user.id));
    await db()
      .insert(passkeys)
      .values({ userId: user.id, credentialId: `cred-${tag}`, publicKey: "pk", name: "Laptop" });
    await db()
      .insert(twoFactorApps)
      .values({
        userId: user.id,
        secretSealed: testSecretBox.seal("JBSWY3DPEHPK3PXP"),
        enabledAt: new Date(),
      });
    await db()
      .insert(recoveryCodes)
      .values([
        { userId: user.id, codeHash: hashSecretToken(`a-${tag}`) },
        { userId: user.id, codeHash: hashSecretToken(`b-${tag}`) },
      ]);
    await db()
      .insert(emailTokens)
      .values([
        { purpose: "reset", userId: user.id, tokenHash: hashSecretToken(`reset-${tag}`), expiresAt: soon },
        {
          purpose: "email-change",
          userId: user.id,
          tokenHash: hashSecretToken(`change-${tag}`),
          newEmail: `new-${tag}@example.test`,
          expiresAt: soon,
        },
      ]);
    await db()
      .insert(oidcFlows)
      .values({
        flowHash: hashSecretToken(`flow-${tag}`),
        state: "s",
        nonce: "n",
        codeVerifier: "v",
        linkUserId: user.id,
        expiresAt: soon,
      });
    await db()
      .insert(pendingSignIns)
      .values({ tokenHash: hashSecretToken(`pending-${tag}`), userId: user.id, expiresAt: soon });
    await db()
      .insert(webauthnChallenges)
      .values({
        flowHash: hashSecretToken(`ceremony-${tag}`),
        purpose: "step-up",
        challenge: "c",
        userId: user.id,
        expiresAt: soon,
      });
  }

  /** An order, a plan and a payment the portal itself recorded for the customer: the ledger. */
  async function ledgerOf(user: UserRow) {
    const [order] = await db()
      .insert(orders)
      .values({
        userId: user.id,
        provider: "test",
        channel: "checkout",
        status: "paid",
        lines: [
          {
            key: "lite",
            kind: "plan",
            name: "LinkedIn Lite",
            quantity: 1,
            unitCents: 9800,
            totalCents: 9800,
          },
        ],
        subtotalCents: 9800,
        totalCents: 9800,
        paidAt: new Date(),
      })
      .returning();
    await db()
      .insert(subscriptions)
      .values({
        subscriptionId: `sub_${user.id}_${Date.now()}`,
        userId: user.id,
        orderId: order?.id ?? null,
        provider: "test",
        status: "active",
        product: "1 × LinkedIn Lite",
        quantity: 1,
        amountCents: 9800,
        eventCreated: new Date(),
      });
    await db()
      .insert(transactions)
      .values({
        userId: user.id,
        uid: user.uid,
        source: "test",
        eventId: `evt_portal_${user.id}_${Date.now()}`,
        eventType: "checkout.session.completed",
        amountCents: 9800,
        email: user.email,
        orderId: order?.id ?? null,
      });
  }

  async function ledgerSnapshot(userId: number) {
    return {
      orders: await db().select().from(orders).where(eq(orders.userId, userId)),
      subscriptions: await db().select().from(subscriptions).where(eq(subscriptions.userId, userId)),
      transactions: await db().select().from(transactions).where(eq(transactions.userId, userId)),
      accounts: await db().select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, userId)),
    };
  }

  it("closes the login after a fresh proof: every way in ends, the profile is anonymised, the ledger stays, the base, the audit and the address are told", async () => {
    const alice = await customer();
    const bob = await customer();
    for (const who of [alice, bob]) {
      await enrolEverything(who.user);
      await ledgerOf(who.user);
    }
    const alicesOtherBrowser = await newSession(alice.user.id);
    const bobsWaysBefore = await waysIn(bob.user.id);
    const ledgerBefore = await ledgerSnapshot(alice.user.id);
    expect(ledgerBefore.accounts).toHaveLength(2);
    expect(ledgerBefore.transactions.map((row) => row.source).sort()).toEqual(["airtable", "test"]);
    const jobsBefore = (await db().select({ id: outboxJobs.id }).from(outboxJobs)).map((job) => job.id);

    // Typed as a person would: other case, stray spaces.
    const res = await close(alice.cookie, `  ${alice.email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: LOGIN_CLOSED_MESSAGE });
    const cleared = res.cookies.find((cookie) => cookie.name === t.config.session.cookieName);
    expect(cleared?.value).toBe("");

    // Every way in is gone; this browser and the other one are signed out.
    expect(await waysIn(alice.user.id)).toEqual({
      sessions: 0,
      passkeys: 0,
      twoFactorApps: 0,
      recoveryCodes: 0,
      emailTokens: 0,
      oidcFlows: 0,
      pendingSignIns: 0,
      webauthnChallenges: 0,
    });
    expect((await me(alice.cookie)).statusCode).toBe(401);
    expect((await me(alicesOtherBrowser)).statusCode).toBe(401);

    // The profile is anonymised; the row, its uid and its link to the base stay.
    const row = await rowOf(alice.user.id);
    expect(row).toMatchObject({
      uid: alice.user.uid,
      airtableRecordId: alice.user.airtableRecordId,
      email: closedLoginEmail(alice.user.uid),
      name: CLOSED_LOGIN_NAME,
      username: null,
      profileImageUrl: null,
      language: null,
      onboardingUrl: null,
      optimizationUrl: null,
      passwordHash: null,
      googleId: null,
      emailVerifiedAt: null,
      role: "customer",
    });
    expect(row?.closedAt).toBeInstanceOf(Date);
    // Only a keyed digest of the address is kept, for a claim to find it again.
    expect(row?.closedEmailDigest).toBe(testSecretBox.digests(alice.email.toLowerCase())[0]);
    expect(JSON.stringify(row)).not.toContain(alice.email);

    // The ledger and the operator's records stay, untouched.
    expect(await ledgerSnapshot(alice.user.id)).toEqual(ledgerBefore);

    // The operator's base and the customer are told, through the outbox, the mail sealed.
    const jobs = (await db().select().from(outboxJobs)).filter((job) => !jobsBefore.includes(job.id));
    expect(jobs.map((job) => job.kind).sort()).toEqual(["airtable-write-back", "mail"]);
    const writeBack = jobs.find((job) => job.kind === "airtable-write-back");
    expect(writeBack).toMatchObject({
      supersedeKey: loginClosedKey(alice.user.id),
      payload: {
        userId: alice.user.id,
        recordId: alice.user.airtableRecordId,
        fields: { portalLoginClosed: today() },
      },
    });
    expect(JSON.stringify(jobs.find((job) => job.kind === "mail")?.payload)).not.toContain(alice.email);
    const mail = (await readMailbox(t.app)).find((m) => m.to === alice.email);
    expect(mail?.subject).toBe("Your portal login is closed");
    expect(mail?.text).toContain("bookkeeping law");
    expect(mail?.text).toContain(`${TEST_APP_URL}/register-existing`);
    const record = baseRecordOf(alice.user.airtableRecordId);
    // The base keeps the customer's own email and name: only the new field is written.
    expect(record?.fields).toMatchObject(
      userFields({ email: alice.email, name: alice.user.name, portalLoginClosed: today() }),
    );

    // The audit says what ended and that the base was told.
    const [closedEvent] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, alice.user.id), eq(auditEvents.kind, "login-closed")));
    expect(closedEvent?.detail).toBe(
      `ended password, 2 sessions, Google link, authenticator app, 1 passkey, 2 pending links; base record ${alice.user.airtableRecordId} told`,
    );

    // Another customer is untouched.
    expect(await waysIn(bob.user.id)).toEqual(bobsWaysBefore);
    expect((await me(bob.cookie)).statusCode).toBe(200);
    expect(await rowOf(bob.user.id)).toMatchObject({ email: bob.email, closedAt: null, name: bob.user.name });
    expect(await eventsOf(bob.user.id)).not.toContain("login-closed");
  });

  it("refuses an email that is not the account's with 400 on its field, and changes nothing", async () => {
    const carol = await customer();
    const other = await customer();
    const before = await rowOf(carol.user.id);
    const jobsBefore = await db().select({ id: outboxJobs.id }).from(outboxJobs);
    for (const [email, message] of [
      [other.email, CLOSE_LOGIN_EMAIL_MISMATCH_MESSAGE],
      [`${carol.email}x`, CLOSE_LOGIN_EMAIL_MISMATCH_MESSAGE],
      [closedLoginEmail(carol.user.uid), CLOSE_LOGIN_EMAIL_MISMATCH_MESSAGE],
      ["   ", CLOSE_LOGIN_EMAIL_REQUIRED_MESSAGE],
    ] as const) {
      const res = await close(carol.cookie, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ error: `email: ${message}` });
    }
    for (const body of [{}, { email: 42 }, { email: "x".repeat(256) }]) {
      expect(
        (await t.post("/api/me/close-login", body, { headers: { cookie: carol.cookie } })).statusCode,
      ).toBe(400);
    }
    expect(await rowOf(carol.user.id)).toEqual(before);
    expect((await me(carol.cookie)).statusCode).toBe(200);
    expect(await db().select({ id: outboxJobs.id }).from(outboxJobs)).toHaveLength(jobsBefore.length);
    expect(await eventsOf(carol.user.id)).toEqual([]);
    // Signed out, nothing to close.
    expect((await t.post("/api/me/close-login", { email: carol.email })).statusCode).toBe(401);
  });

  it("asks a session proven too long ago for a fresh proof first, even before judging the email, then closes", async () => {
    const dan = await customer({ provenMinutesAgo: 11 });
    for (const email of [dan.email, "not-mine@example.test"]) {
      const res = await close(dan.cookie, email);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: expect.stringContaining("Confirm it's you"), stepUp: true });
    }
    expect(await rowOf(dan.user.id)).toMatchObject({ email: dan.email, closedAt: null });
    expect((await me(dan.cookie)).statusCode).toBe(200);

    const proof = await t.post(
      "/api/auth/fresh-proof",
      { password: PASSWORD },
      { headers: { cookie: dan.cookie } },
    );
    expect(proof.statusCode).toBe(200);
    expect((await close(dan.cookie, dan.email)).statusCode).toBe(200);
    expect((await rowOf(dan.user.id))?.closedAt).toBeInstanceOf(Date);
    expect(await eventsOf(dan.user.id)).toEqual(["step-up", "login-closed"]);
  });

  it("afterwards answers every way in exactly as for an unknown email, and sends nothing", async () => {
    const erin = await customer();
    // A real passkey, to try signing in with it after the closing.
    const authenticator = new SoftAuthenticator(RP_ID, TEST_APP_URL);
    const options = await t.post(
      "/api/passkeys/registration/options",
      {},
      { headers: { cookie: erin.cookie } },
    );
    const ceremony = options.cookies.find((c) => c.name === CEREMONY_COOKIE)?.value;
    const added = await t.post(
      "/api/passkeys/registration",
      { name: "Laptop", response: authenticator.register(options.json() as CeremonyOptions) },
      { headers: { cookie: `${erin.cookie}; ${CEREMONY_COOKIE}=${ceremony}` } },
    );
    expect(added.statusCode).toBe(201);
    await db().update(users).set({ googleId: "google-erin" }).where(eq(users.id, erin.user.id));

    expect((await close(erin.cookie, erin.email)).statusCode).toBe(200);
    const mailedBefore = (await readMailbox(t.app)).length;

    const answer = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() });
    const unknown = answer(
      await t.post("/api/login", { email: "nobody.ever@example.test", password: PASSWORD }),
    );
    expect(unknown).toEqual({ status: 401, body: { error: INVALID_CREDENTIALS_MESSAGE } });
    for (const email of [erin.email, erin.email.toUpperCase(), closedLoginEmail(erin.user.uid)]) {
      expect(answer(await t.post("/api/login", { email, password: PASSWORD })), email).toEqual(unknown);
    }

    const unknownReset = answer(await t.post("/api/forgot-password", { email: "nobody.ever@example.test" }));
    for (const email of [erin.email, closedLoginEmail(erin.user.uid)]) {
      expect(answer(await t.post("/api/forgot-password", { email })), email).toEqual(unknownReset);
    }
    expect(await readMailbox(t.app)).toHaveLength(mailedBefore);
    expect(await db().select().from(emailTokens).where(eq(emailTokens.userId, erin.user.id))).toEqual([]);

    // The passkey signs no one in, as one the portal never knew.
    const passkeySignIn = async (who: SoftAuthenticator) => {
      const start = await t.post("/api/auth/passkey/options", {});
      const cookie = `${CEREMONY_COOKIE}=${start.cookies.find((c) => c.name === CEREMONY_COOKIE)?.value}`;
      return answer(
        await t.post(
          "/api/auth/passkey",
          { response: who.assert(start.json() as CeremonyOptions) },
          { headers: { cookie } },
        ),
      );
    };
    const stranger = new SoftAuthenticator(RP_ID, TEST_APP_URL);
    stranger.register(
      (
        await t.post(
          "/api/passkeys/registration/options",
          {},
          { headers: { cookie: (await customer()).cookie } },
        )
      ).json() as CeremonyOptions,
    );
    const unknownKey = await passkeySignIn(stranger);
    expect(unknownKey.status).toBe(400);
    expect(await passkeySignIn(authenticator)).toEqual(unknownKey);

    // Google, with the same subject and the verified address: a new customer, as for an unknown email.
    const viaGoogle = await userForGoogleIdentity(
      db(),
      {
        subject: "google-erin",
        email: erin.email,
        emailVerified: true,
        name: "Erin Again",
        pictureUrl: undefined,
      },
      "127.0.0.1",
    );
    expect(viaGoogle.id).not.toBe(erin.user.id);
    expect(await rowOf(erin.user.id)).toMatchObject({
      email: closedLoginEmail(erin.user.uid),
      googleId: null,
    });
    expect((await rowOf(erin.user.id))?.closedAt).toBeInstanceOf(Date);
    expect(await db().select().from(sessions).where(eq(sessions.userId, erin.user.id))).toEqual([]);
  });

  it("is not brought back by a sync of the base, full or incremental, and outlives its record", async () => {
    const fran = await customer();
    expect((await close(fran.cookie, fran.email)).statusCode).toBe(200);
    await t.app.outbox.drain();
    const closedRow = await rowOf(fran.user.id);
    const usersBefore = (await db().select({ id: users.id }).from(users)).length;

    // The operator edits the record (its name, and the closing day the portal wrote): an incremental
    // run reads it, then a full run reads everything.
    fake.update(TABLE.users, fran.user.airtableRecordId ?? "", userFields({ name: "Fran Renamed" }));
    const incremental = await t.app.sync.run({ kind: "incremental", trigger: "schedule" });
    expect(incremental.run.status).toBe("succeeded");
    expect(incremental.run.processed).toBeGreaterThanOrEqual(1);
    const full = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(full.run.status).toBe("succeeded");
    expect(full.errorDetails).toEqual([]);

    expect(await rowOf(fran.user.id)).toEqual(closedRow);
    expect(await db().select({ id: users.id }).from(users)).toHaveLength(usersBefore);
    const byEmail = await db()
      .select()
      .from(users)
      .where(inArray(users.email, [fran.email, fran.email.toLowerCase()]));
    expect(byEmail).toEqual([]);
    // Its accounts are the operator's records: they stay with the closed row, which no one can sign in to.
    expect(
      await db().select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, fran.user.id)),
    ).toHaveLength(2);
    expect((await t.post("/api/login", { email: fran.email, password: PASSWORD })).statusCode).toBe(401);

    // The operator removes the record: the closed row stays for the ledger, unlinked, and keeps no digest.
    await ledgerOf(fran.user);
    fake.remove(TABLE.users, fran.user.airtableRecordId ?? "");
    expect((await t.app.sync.run({ kind: "full", trigger: "admin" })).run.status).toBe("succeeded");
    const unlinked = await rowOf(fran.user.id);
    expect(unlinked).toMatchObject({
      airtableRecordId: null,
      closedEmailDigest: null,
      email: closedLoginEmail(fran.user.uid),
    });
    expect(unlinked?.closedAt).toBeInstanceOf(Date);
    expect(await db().select().from(orders).where(eq(orders.userId, fran.user.id))).toHaveLength(1);
    // With no record left, a claim of the address has nothing to bring back.
    const claim = await t.post("/api/register-existing-user", { email: fran.email, password: PASSWORD });
    expect(claim.statusCode).toBe(200);
    expect(
      (await readMailbox(t.app)).filter((m) => m.to === fran.email && /Confirm/.test(m.subject)),
    ).toEqual([]);
  });

  it("comes back as a fresh login through an existing-customer claim of the address", async () => {
    const gus = await customer();
    await enrolEverything(gus.user);
    expect((await close(gus.cookie, gus.email)).statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(baseRecordOf(gus.user.airtableRecordId)?.fields["Portal login closed"]).toBe(today());

    const chosen = "Fresh-Start-Harbour-77";
    const asked = await t.post("/api/register-existing-user", {
      email: gus.email.toUpperCase(),
      password: chosen,
    });
    expect(asked.statusCode).toBe(200);
    const binding = String(asked.headers["set-cookie"] ?? "").split(";")[0] ?? "";
    const mail = (await readMailbox(t.app)).find((m) => m.to === gus.email.toUpperCase());
    expect(mail?.subject).toMatch(/Confirm your email/);
    const token = linkToken(
      mail ?? { to: "", subject: "", text: "", html: "", sentAt: "" },
      "/register-existing/confirm",
    );

    const confirmed = await t.post(
      "/api/register-existing-user/confirm",
      { token },
      { headers: { cookie: binding } },
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      id: gus.user.id,
      uid: gus.user.uid,
      email: gus.email.toUpperCase(),
      hasPassword: true,
      googleLinked: false,
    });
    const reopened = await rowOf(gus.user.id);
    expect(reopened).toMatchObject({
      closedAt: null,
      closedEmailDigest: null,
      airtableRecordId: gus.user.airtableRecordId,
    });
    expect(reopened?.emailVerifiedAt).toBeInstanceOf(Date);
    // Fresh: nothing of the closed login's ways in came back but the new session.
    expect(await waysIn(gus.user.id)).toMatchObject({
      sessions: 1,
      passkeys: 0,
      twoFactorApps: 0,
      recoveryCodes: 0,
    });
    expect(await eventsOf(gus.user.id)).toContain("login-reopened");
    expect((await t.post("/api/login", { email: gus.email, password: chosen })).statusCode).toBe(200);
    const session = confirmed.cookies.find((c) => c.name === t.config.session.cookieName)?.value ?? "";
    const accounts = await t.app.inject({
      method: "GET",
      url: `/api/accounts/linkedin/user/${gus.user.uid}`,
      headers: { cookie: sessionCookie(session) },
    });
    expect(accounts.statusCode).toBe(200);

    // The base hears the login is open again; that touches the record, so the next run brings its profile.
    await t.app.outbox.drain();
    expect(baseRecordOf(gus.user.airtableRecordId)?.fields["Portal login closed"] ?? null).toBeNull();
    await t.app.sync.run({ kind: "incremental", trigger: "schedule" });
    expect(await rowOf(gus.user.id)).toMatchObject({
      email: gus.email,
      name: gus.user.name,
      username: gus.user.username,
    });
  });

  it("hands the base record to the customer who came back with a new, verified account, and keeps the closed row closed", async () => {
    const hal = await customer();
    await ledgerOf(hal.user);
    expect((await close(hal.cookie, hal.email)).statusCode).toBe(200);
    const again = await insertUser(db(), {
      email: hal.email,
      password: PASSWORD,
      emailVerifiedAt: new Date(),
    });

    const full = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(full.errorDetails).toEqual([]);
    expect(await rowOf(again.id)).toMatchObject({
      airtableRecordId: hal.user.airtableRecordId,
      uid: hal.user.uid,
      email: hal.email,
    });
    expect(
      await db().select().from(linkedinAccounts).where(eq(linkedinAccounts.userId, again.id)),
    ).toHaveLength(2);
    const closedRow = await rowOf(hal.user.id);
    expect(closedRow).toMatchObject({
      airtableRecordId: null,
      closedEmailDigest: null,
      email: closedLoginEmail(hal.user.uid),
    });
    expect(closedRow?.uid).not.toBe(hal.user.uid);
    expect(closedRow?.closedAt).toBeInstanceOf(Date);
    // What the portal itself recorded stays with the closed row; the base's own payments follow the record.
    const ledger = await ledgerSnapshot(hal.user.id);
    expect(ledger.orders).toHaveLength(1);
    expect(ledger.subscriptions).toHaveLength(1);
    expect(ledger.transactions.map((row) => row.source)).toEqual(["test"]);
    expect(
      (await db().select().from(transactions).where(eq(transactions.userId, again.id))).map(
        (row) => row.source,
      ),
    ).toEqual(["airtable"]);
  });

  it("closes a login the base has no record of: no write-back, and no claim can re-open it", async () => {
    const ivy = await insertUser(db(), { password: PASSWORD, emailVerifiedAt: new Date() });
    const cookie = await newSession(ivy.id);
    const jobsBefore = (await db().select({ id: outboxJobs.id }).from(outboxJobs)).map((job) => job.id);
    expect((await close(cookie, ivy.email)).statusCode).toBe(200);
    const jobs = (await db().select().from(outboxJobs)).filter((job) => !jobsBefore.includes(job.id));
    expect(jobs.map((job) => job.kind)).toEqual(["mail"]);
    expect((await rowOf(ivy.id))?.closedEmailDigest).toBeNull();
    const [event] = await db().select().from(auditEvents).where(eq(auditEvents.subjectUserId, ivy.id));
    expect(event?.detail).toBe("ended password, 1 session; no base record");

    expect(
      (await t.post("/api/register-existing-user", { email: ivy.email, password: PASSWORD })).statusCode,
    ).toBe(200);
    expect((await readMailbox(t.app)).filter((m) => m.to === ivy.email).map((m) => m.subject)).toEqual([
      "Your portal login is closed",
    ]);
  });
});
