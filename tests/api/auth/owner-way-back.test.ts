/**
 * Limits a stranger cannot turn against the owner (decision 067): strangers' wrong passwords hold
 * back browsers that never signed in, but a reset link makes the owner's new browser one that has;
 * strangers asking for the owner's reset mails do not use up the owner's own browser's, and a link
 * that proves the address starts the count again; wrong codes at the second step and wrong proofs in
 * a session hold back that sign-in or session and the ceiling strangers share, never the owner's own
 * browser; refusals and failed passkey sign-ins are in the audit log, a lock's refusals as one entry.
 */
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PROOF_LIMITS } from "../../../src/server/features/auth/proof-budgets";
import { LOGIN_FAILURE_SPACING } from "../../../src/server/features/auth/service";
import { openDatabase } from "../../../src/server/platform/db/client";
import { auditEvents } from "../../../src/server/platform/db/schema";
import { decodeBase32, totp } from "../../../src/server/platform/secrets/totp";
import { linkToken, readMailbox } from "../../support/mailbox";
import { type CeremonyOptions, SoftAuthenticator } from "../../support/soft-authenticator";
import { createTestApp, nextLoopbackIp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { insertUser } from "../../support/users";

const PASSWORD = "Owners-Lantern-2026";
const NEW_PASSWORD = "Owners-New-Lantern-2027";
const SESSION = "portal_session";
const DEVICE = "portal_device";
const SECOND_STEP = "portal_second_step";
const CEREMONY = "portal_webauthn";
const MINUTE = 60_000;

const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const found = res.cookies.find((cookie) => cookie.name === name);
  return found?.value ? `${name}=${found.value}` : undefined;
};
const cookies = (...values: Array<string | undefined>) => values.filter(Boolean).join("; ");

describe("limits a stranger cannot turn against the owner", () => {
  let database: TestDatabase;
  let other: TestDatabase;
  let t: TestApp;
  /** A second instance on the same database: on PostgreSQL with its own pool, as a second process. */
  let t2: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    // PGlite is one connection in this process: a second pool on it is not possible, and statements
    // on it never overlap, so there the second instance shares the first one's connection.
    other = database.url
      ? await (async () => {
          const handle = await openDatabase({ kind: "postgres", url: database.url ?? "" });
          return { ...handle, destroy: () => handle.close() };
        })()
      : { ...database, destroy: async () => {} };
    t = await createTestApp({ database });
    t2 = await createTestApp({ database: other });
  });
  afterAll(async () => {
    await t.close();
    await t2.close();
    await other.destroy();
    await database.destroy();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  let counter = 0;
  const newEmail = (what: string) => `${what}${++counter}-${Date.now()}@example.test`;
  const post = (url: string, body: object, cookie?: string, ip = nextLoopbackIp()) =>
    t.post(url, body, { ip, headers: cookie ? { cookie } : {} });
  const signIn = (email: string, password: string, cookie?: string) =>
    post("/api/login", { email, password }, cookie);
  const auditOf = async (
    userId: number,
    kind: "sign-in-refused" | "passkey-sign-in-failed" | "sign-in-failed",
  ) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, userId), eq(auditEvents.kind, kind)))
      .orderBy(auditEvents.id);
  /** The reset and claim mails to `email`, newest first (not the new-sign-in alerts). */
  const mailsTo = async (email: string) =>
    (await readMailbox(t.app)).filter(
      (mail) => mail.to === email && /\/(reset-password|register-existing\/confirm)\?token=/.test(mail.text),
    );

  /** 50 wrong passwords from 50 addresses over ten minutes, as the review sent them: 10 are checked. */
  async function strangersGuess(email: string) {
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    let checked = 0;
    for (let i = 0; i < 50; i++) {
      vi.setSystemTime(start + i * 12_000);
      const res = await signIn(email, `Wrong-Guess-${i}-xx`);
      expect([401, 429]).toContain(res.statusCode);
      if (res.statusCode === 401) checked += 1;
    }
    expect(checked).toBe(10);
  }

  describe("finding 3: the owner's way back in", () => {
    it("lets a new browser that followed the reset link sign in while strangers hold every other new browser at 429", async () => {
      const email = newEmail("held");
      const owner = await insertUser(t.database.db, {
        email,
        password: PASSWORD,
        emailVerifiedAt: new Date(),
      });
      await strangersGuess(email);
      // The owner's new laptop, never signed in before, is held back with the strangers.
      const held = await signIn(email, PASSWORD);
      expect(held.statusCode).toBe(429);
      expect(held.json()).toEqual({ error: expect.stringContaining("Too many attempts") });

      // It asks for a reset link and follows it: the mail proves the address.
      expect((await post("/api/forgot-password", { email })).statusCode).toBe(200);
      const [mail] = await mailsTo(email);
      if (!mail) throw new Error("no reset mail");
      const reset = await post("/api/reset-password", {
        token: linkToken(mail, "/reset-password"),
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      const laptop = cookieOf(reset, DEVICE);
      expect(laptop).toBeDefined();

      // Now it is a browser that signed in before: its own limit, not the strangers'.
      const back = await signIn(email, NEW_PASSWORD, laptop);
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ id: owner.id, email });
      // Any other new browser is still held, and the strangers' old password is no use anywhere.
      expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(429);
      expect((await signIn(email, PASSWORD, laptop)).statusCode).toBe(401);
    });

    it("lets a new browser in with a passkey while strangers guess, and remembers it for the password", async () => {
      const email = newEmail("passkey");
      const owner = await insertUser(t.database.db, {
        email,
        password: PASSWORD,
        emailVerifiedAt: new Date(),
      });
      const authenticator = await addPasskey(email);
      await strangersGuess(email);
      const options = await post("/api/auth/passkey/options", {});
      const ceremony = cookieOf(options, CEREMONY);
      const res = await post(
        "/api/auth/passkey",
        { response: authenticator.assert(options.json() as CeremonyOptions) },
        ceremony,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: owner.id });
      expect((await signIn(email, PASSWORD, cookieOf(res, DEVICE))).statusCode).toBe(200);
    });

    it("sends the owner's own browser a reset mail after strangers used the address's 3, and counts afresh once a link proved it", async () => {
      const email = newEmail("mails");
      await insertUser(t.database.db, { email, password: PASSWORD, emailVerifiedAt: new Date() });
      const device = cookieOf(await signIn(email, PASSWORD), DEVICE);
      for (let i = 0; i < 3; i++)
        expect((await post("/api/forgot-password", { email })).statusCode).toBe(200);
      const fourth = await post("/api/forgot-password", { email });
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json()).toEqual({ error: expect.stringContaining("Too many attempts") });
      expect(await mailsTo(email)).toHaveLength(3);

      // Another account's device cookie counts for nothing here.
      const someoneElse = newEmail("else");
      await insertUser(t.database.db, { email: someoneElse, password: PASSWORD });
      const theirs = cookieOf(await signIn(someoneElse, PASSWORD), DEVICE);
      expect((await post("/api/forgot-password", { email }, theirs)).statusCode).toBe(429);

      // The owner's browser has a budget of its own.
      const own = await post("/api/forgot-password", { email }, device);
      expect(own.statusCode).toBe(200);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(4);
      const [newest] = mails;
      if (!newest) throw new Error("no mail");

      // The link proves the address: what strangers asked for before counts no longer.
      const reset = await post("/api/reset-password", {
        token: linkToken(newest, "/reset-password"),
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      for (let i = 0; i < 3; i++)
        expect((await post("/api/forgot-password", { email })).statusCode).toBe(200);
      expect((await post("/api/forgot-password", { email })).statusCode).toBe(429);
    });

    it("lets a claim link that proved the address start its mail count afresh", async () => {
      const email = newEmail("claim");
      const imported = await insertUser(t.database.db, { email, passwordHash: null });
      const ask = () => post("/api/register-existing-user", { email, password: PASSWORD });
      for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(429);
      const [mail] = await mailsTo(email);
      if (!mail) throw new Error("no claim mail");
      const confirmed = await post("/api/register-existing-user/confirm", {
        token: linkToken(mail, "/register-existing/confirm"),
        password: NEW_PASSWORD,
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ id: imported.id });
      expect((await post("/api/forgot-password", { email })).statusCode).toBe(200);
    });
  });

  // --- The second step and fresh proofs ---------------------------------------------------------

  const STEP_MS = 30_000;
  const codeFor = (secret: string, at = Date.now()) => totp(decodeBase32(secret), at).code;
  const wrongCode = (secret: string) => (Number(codeFor(secret)) ^ 1).toString().padStart(6, "0");

  /** An owner with an authenticator app, signed in on their own browser: its cookies, secret, codes. */
  async function enrolledOwner() {
    const email = newEmail("second");
    const user = await insertUser(t.database.db, { email, password: PASSWORD, emailVerifiedAt: new Date() });
    const first = await signIn(email, PASSWORD);
    const session = cookieOf(first, SESSION);
    const device = cookieOf(first, DEVICE);
    const start = await post("/api/user/two-factor/enrol", {}, session);
    const { secret } = start.json() as { secret: string };
    const confirm = await post("/api/user/two-factor/confirm", { code: codeFor(secret) }, session);
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] };
    // The enrolment's code is spent; the next step's is fresh.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + STEP_MS });
    return { user, email, secret, recoveryCodes, device };
  }

  /** The password step: the second step's cookie, from this browser's `device` cookie or none. */
  async function firstStep(email: string, device?: string, app = t) {
    const res = await app.post(
      "/api/login",
      { email, password: PASSWORD },
      { ip: nextLoopbackIp(), headers: device ? { cookie: device } : {} },
    );
    expect(res.json()).toEqual({ secondFactor: "totp" });
    return cookieOf(res, SECOND_STEP);
  }
  const secondStep = (step: string | undefined, body: object, device?: string, app = t) =>
    app.post("/api/login/second-factor", body, {
      ip: nextLoopbackIp(),
      headers: { cookie: cookies(step, device) },
    });

  describe("finding 4: the second step's limit on two instances at once", () => {
    it("checks no more wrong codes than the ceiling when 40 come at once on two instances", async () => {
      const { user, email, secret } = await enrolledOwner();
      // Eight sign-ins from eight strangers' browsers, who hold the password.
      const steps: Array<string | undefined> = [];
      for (let i = 0; i < 8; i++) steps.push(await firstStep(email, undefined, i % 2 ? t2 : t));
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          secondStep(steps[i % 8], { code: wrongCode(secret) }, undefined, i % 2 ? t2 : t),
        ),
      );
      const checked = answers.filter((res) => res.statusCode === 401);
      const refused = answers.filter((res) => res.statusCode === 429);
      expect(checked).toHaveLength(PROOF_LIMITS.perAccountCeiling.limit);
      expect(refused).toHaveLength(40 - PROOF_LIMITS.perAccountCeiling.limit);
      expect(refused[0]?.json()).toEqual({ error: expect.stringContaining("Too many attempts") });
      const failed = (await auditOf(user.id, "sign-in-failed")).filter(
        (row) => row.detail === "wrong authenticator code",
      );
      expect(failed).toHaveLength(PROOF_LIMITS.perAccountCeiling.limit);
      // Thirty refusals, one lock: one entry.
      expect(await auditOf(user.id, "sign-in-refused")).toHaveLength(1);
    });
  });

  describe("the new browsers' password limit on two instances at once", () => {
    it("checks no more wrong passwords than the free ones when 40 come at once from new browsers on two instances", async () => {
      const email = newEmail("rushed");
      const owner = await insertUser(t.database.db, {
        email,
        password: PASSWORD,
        emailVerifiedAt: new Date(),
      });
      // The clock stands still, so that all forty come in the same moment however long they take.
      const start = Date.now();
      vi.useFakeTimers({ toFake: ["Date"], now: start });
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? t2 : t).post(
            "/api/login",
            { email, password: `Wrong-Rush-${i}-xx` },
            { ip: nextLoopbackIp() },
          ),
        ),
      );
      const checked = answers.filter((res) => res.statusCode === 401);
      const refused = answers.filter((res) => res.statusCode === 429);
      // Three free guesses, then each waits a growing delay after the newest: at once, three pass.
      expect(checked).toHaveLength(LOGIN_FAILURE_SPACING.free);
      expect(refused).toHaveLength(40 - LOGIN_FAILURE_SPACING.free);
      const failed = await auditOf(owner.id, "sign-in-failed");
      expect(failed).toHaveLength(LOGIN_FAILURE_SPACING.free);
      // The right password, once the delay has passed, still signs in and is not counted.
      vi.setSystemTime(start + 1_000);
      expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    });
  });

  describe("finding 5: a password holder or a stolen session does not hold the owner back", () => {
    it("lets the owner's own browser finish with the right code and a recovery code after strangers' wrong codes", async () => {
      const { user, email, secret, recoveryCodes, device } = await enrolledOwner();
      // A stranger with the password uses up two second steps and the ceiling strangers share.
      for (let s = 0; s < 2; s++) {
        const step = await firstStep(email);
        for (let i = 0; i < 5; i++)
          expect((await secondStep(step, { code: wrongCode(secret) })).statusCode).toBe(401);
      }
      const stranger = await firstStep(email);
      expect((await secondStep(stranger, { code: codeFor(secret) })).statusCode).toBe(429);
      expect((await secondStep(stranger, { recoveryCode: recoveryCodes[0] })).statusCode).toBe(429);

      // The owner's browser, which signed in before, is not held by them.
      const mine = await firstStep(email, device);
      const right = await secondStep(mine, { code: codeFor(secret) }, device);
      expect(right.statusCode).toBe(200);
      expect(right.json()).toMatchObject({ id: user.id, email });
      vi.setSystemTime(Date.now() + STEP_MS);
      const again = await firstStep(email, device);
      expect((await secondStep(again, { recoveryCode: recoveryCodes[1] }, device)).statusCode).toBe(200);
      // The owner's slips count against the owner's browser alone: 10, and then it waits.
      for (let s = 0; s < 2; s++) {
        const step = await firstStep(email, device);
        for (let i = 0; i < 5; i++)
          expect((await secondStep(step, { code: wrongCode(secret) }, device)).statusCode).toBe(401);
      }
      const slow = await firstStep(email, device);
      expect((await secondStep(slow, { code: codeFor(secret) }, device)).statusCode).toBe(429);
    });

    it("holds back the session that sent 5 wrong passwords to Confirm it's you, not the owner's other sessions", async () => {
      const email = newEmail("fresh");
      const user = await insertUser(t.database.db, {
        email,
        password: PASSWORD,
        emailVerifiedAt: new Date(),
      });
      const stolen = cookieOf(await signIn(email, PASSWORD), SESSION);
      const ownerSignIn = await signIn(email, PASSWORD);
      const owner = cookies(cookieOf(ownerSignIn, SESSION), cookieOf(ownerSignIn, DEVICE));
      const prove = (cookie: string | undefined, password: string) =>
        post("/api/auth/fresh-proof", { password }, cookie);
      for (let i = 0; i < 5; i++) expect((await prove(stolen, `Wrong-Guess-${i}-x`)).statusCode).toBe(401);
      const held = await prove(stolen, PASSWORD);
      expect(held.statusCode).toBe(429);
      expect(Number(held.headers["retry-after"])).toBeGreaterThan(0);

      const mine = await prove(owner, PASSWORD);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ ok: true });
      // Sessions in other browsers share a ceiling of 10; the owner's own browser is not under it.
      const second = cookieOf(await signIn(email, PASSWORD), SESSION);
      for (let i = 0; i < 5; i++) expect((await prove(second, `Wrong-Again-${i}-x`)).statusCode).toBe(401);
      const third = cookieOf(await signIn(email, PASSWORD), SESSION);
      expect((await prove(third, PASSWORD)).statusCode).toBe(429);
      expect((await prove(owner, PASSWORD)).statusCode).toBe(200);
      // The refusals are in the audit log, one entry per lock.
      const refused = await auditOf(user.id, "sign-in-refused");
      expect(refused.map((entry) => [entry.actorUserId, entry.detail])).toEqual([
        [user.id, "Confirm it's you: too many wrong proofs"],
        [user.id, "Confirm it's you: too many wrong proofs"],
      ]);
    });
  });

  describe("refused sign-ins and failed passkey sign-ins in the audit log", () => {
    it("records one entry per lock however many sign-ins it refuses, and none at an address of no account", async () => {
      const email = newEmail("audit");
      const user = await insertUser(t.database.db, { email, password: PASSWORD });
      await strangersGuess(email);
      for (let i = 0; i < 5; i++) expect((await signIn(email, PASSWORD)).statusCode).toBe(429);
      const refused = await auditOf(user.id, "sign-in-refused");
      expect(refused).toHaveLength(1);
      expect(refused[0]).toMatchObject({ actorUserId: null, detail: "password" });
      expect(refused[0]?.ipAddress).toMatch(/^127\./);
      // Fifteen minutes on, the account is free; a new lock is a new entry.
      vi.setSystemTime(Date.now() + 15 * MINUTE);
      expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    });

    it("records a failed passkey sign-in at the passkey's account, and nothing for a passkey the portal does not know", async () => {
      const email = newEmail("pk-audit");
      const user = await insertUser(t.database.db, {
        email,
        password: PASSWORD,
        emailVerifiedAt: new Date(),
      });
      const authenticator = await addPasskey(email);
      const options = await post("/api/auth/passkey/options", {});
      const ceremony = cookieOf(options, CEREMONY);
      const wrongOrigin = authenticator.assert(options.json() as CeremonyOptions, {
        origin: "https://evil.example",
      });
      const res = await post("/api/auth/passkey", { response: wrongOrigin }, ceremony);
      expect(res.statusCode).toBe(400);
      expect(cookieOf(res, SESSION)).toBeUndefined();
      const failed = await auditOf(user.id, "passkey-sign-in-failed");
      expect(failed.map((entry) => [entry.actorUserId, entry.detail])).toEqual([[null, "Laptop"]]);

      const before = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.kind, "passkey-sign-in-failed"));
      const next = await post("/api/auth/passkey/options", {});
      const assertion = authenticator.assert(next.json() as CeremonyOptions);
      const nobodys = Buffer.from("a passkey nobody added").toString("base64url");
      const unknown = await post(
        "/api/auth/passkey",
        { response: { ...assertion, id: nobodys, rawId: nobodys } },
        cookieOf(next, CEREMONY),
      );
      expect(unknown.statusCode).toBe(400);
      const after = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.kind, "passkey-sign-in-failed"));
      expect(after).toHaveLength(before.length);
    });
  });

  /** Signs in with the password and adds a passkey named "Laptop"; answers its authenticator. */
  async function addPasskey(email: string): Promise<SoftAuthenticator> {
    const session = cookieOf(await signIn(email, PASSWORD), SESSION);
    const authenticator = new SoftAuthenticator(new URL(TEST_APP_URL).hostname, TEST_APP_URL);
    const options = await post("/api/passkeys/registration/options", {}, session);
    expect(options.statusCode).toBe(200);
    const response = authenticator.register(options.json() as CeremonyOptions);
    const added = await post(
      "/api/passkeys/registration",
      { name: "Laptop", response },
      cookies(session, cookieOf(options, CEREMONY)),
    );
    expect(added.statusCode).toBe(201);
    return authenticator;
  }
});
