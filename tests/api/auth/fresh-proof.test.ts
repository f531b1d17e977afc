/**
 * A fresh proof before a secret is shown or a credential changes (decision 023): a session proven
 * more than STEP_UP_MINUTES ago is asked to prove itself again, with its password; then the action
 * goes through, until the proof is as old again. The password change takes the current password as
 * that proof, ends every other session and tells the owner.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents, sessions } from "../../../src/server/platform/db/schema";
import { decodeBase32, totp } from "../../../src/server/platform/secrets/totp";
import { insertAccount, secretsFor } from "../../support/linkedin-accounts";
import { readMailbox } from "../../support/mailbox";
import { createTestApp, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInUser } from "../../support/users";

const PASSWORD = "Sturdy-Lantern-42";
const NEW_PASSWORD = "Brand-New-Lantern-77";
const MINUTE = 60_000;

describe("a fresh proof before a secret is shown", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const db = () => t.database.db;
  /** A customer with a password and an account, whose session was proven `minutesAgo` minutes ago. */
  async function customer(minutesAgo: number, overrides: Parameters<typeof signedInUser>[2] = {}) {
    const who = await signedInUser(db(), t.config, {
      email: `fresh${Date.now()}${Math.random()}@example.test`,
      password: PASSWORD,
      emailVerifiedAt: new Date(),
      ...overrides,
    });
    await db()
      .update(sessions)
      .set({ provenAt: new Date(Date.now() - minutesAgo * MINUTE) })
      .where(eq(sessions.userId, who.user.id));
    const account = await insertAccount(db(), who.user, secretsFor(1));
    return { ...who, account };
  }
  const as = (who: SignedInUser) => ({ headers: { cookie: who.cookie } });
  const reveal = (who: SignedInUser & { account: { id: number } }) =>
    t.post(`/api/accounts/linkedin/${who.account.id}/reveal`, { secret: "password" }, as(who));
  const prove = (who: SignedInUser, body: object) => t.post("/api/auth/fresh-proof", body, as(who));
  const reveals = async (userId: number) =>
    (await db().select().from(auditEvents).where(eq(auditEvents.kind, "secret-revealed"))).filter(
      (row) => row.subjectUserId === userId,
    );

  it("asks a session proven 11 minutes ago to prove itself, then shows the secret", async () => {
    const who = await customer(11);
    const stale = await reveal(who);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ error: expect.stringContaining("Confirm it's you"), stepUp: true });
    expect(await reveals(who.user.id)).toEqual([]);
    for (const url of [
      `/api/accounts/linkedin/${who.account.id}/login-code`,
      `/api/accounts/linkedin/user/${who.user.uid}/export-secrets`,
    ]) {
      const body = url.endsWith("export-secrets") ? { accountIds: [who.account.id] } : {};
      expect((await t.post(url, body, as(who))).json(), url).toMatchObject({ stepUp: true });
    }

    const wrong = await prove(who, { password: "Not-The-Password-1" });
    expect(wrong.statusCode).toBe(401);
    expect((await reveal(who)).statusCode).toBe(403);

    const proven = await prove(who, { password: PASSWORD });
    expect(proven.statusCode).toBe(200);
    const until = new Date(proven.json().provenUntil).getTime();
    expect(until).toBeGreaterThan(Date.now() + 9 * MINUTE);
    expect(until).toBeLessThanOrEqual(Date.now() + 10 * MINUTE);
    const shown = await reveal(who);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().value).toBe("Li-Passw0rd-1-zq");
    expect(await reveals(who.user.id)).toHaveLength(1);
    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, who.user.id), eq(auditEvents.kind, "step-up")));
    expect(event).toMatchObject({ kind: "step-up", detail: "password" });
  });

  it("takes a code from the customer's authenticator app as the proof, once", async () => {
    const who = await customer(0);
    const start = await t.post("/api/user/two-factor/enrol", {}, as(who));
    const key = decodeBase32((start.json() as { secret: string }).secret);
    const at = Date.now();
    const confirmed = await t.post("/api/user/two-factor/confirm", { code: totp(key, at).code }, as(who));
    expect(confirmed.statusCode).toBe(200);
    await db()
      .update(sessions)
      .set({ provenAt: new Date(Date.now() - 30 * MINUTE) })
      .where(eq(sessions.userId, who.user.id));
    expect((await reveal(who)).json()).toMatchObject({ stepUp: true });
    // The code that confirmed the app is spent; the next period's code proves.
    expect((await prove(who, { code: totp(key, at).code })).statusCode).toBe(400);
    const next = totp(key, at + 30_000).code;
    vi.useFakeTimers({ toFake: ["Date"], now: at + 30_000 });
    expect((await prove(who, { code: next })).statusCode).toBe(200);
    expect((await prove(who, { code: next })).statusCode).toBe(400);
    expect((await reveal(who)).statusCode).toBe(200);
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, who.user.id));
    expect(session?.provenBy).toBe("password+totp");
  });

  it("lets a session signed in within STEP_UP_MINUTES show secrets, and stops when the proof is 10 minutes old", async () => {
    const who = await customer(0);
    expect((await reveal(who)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * MINUTE + 1_000 });
    expect((await reveal(who)).json()).toMatchObject({ stepUp: true });
  });

  it("needs a fresh proof to change the email, not the name", async () => {
    const who = await customer(30);
    const put = (payload: object) =>
      t.app.inject({
        method: "PUT",
        url: `/api/user/${who.user.id}`,
        payload,
        headers: { cookie: who.cookie, origin: t.config.appUrl, "content-type": "application/json" },
      });
    expect((await put({ email: who.user.email, name: "Renamed" })).statusCode).toBe(200);
    const changing = await put({ email: `moved${Date.now()}@example.test`, name: "Renamed" });
    expect(changing.statusCode).toBe(403);
    expect(changing.json()).toMatchObject({ stepUp: true });
    await prove(who, { password: PASSWORD });
    expect((await put({ email: `moved${Date.now()}@example.test`, name: "Renamed" })).statusCode).toBe(200);
  });

  it("limits wrong proofs to 5 in 15 minutes per session", async () => {
    const who = await customer(30);
    for (let i = 0; i < 5; i++)
      expect((await prove(who, { password: `Wrong-Guess-${i}-x` })).statusCode).toBe(401);
    const limited = await prove(who, { password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("refuses bodies that are not one proof, and a code while no authenticator app is set up", async () => {
    const who = await customer(30);
    for (const body of [{}, { password: PASSWORD, code: "123456" }, { code: "12345" }, { password: 7 }]) {
      const res = await prove(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ error: expect.any(String) });
    }
    expect((await prove(who, { code: "123456" })).json().error).toMatch(/not turned on/);
    expect((await t.post("/api/auth/fresh-proof", { password: PASSWORD })).statusCode).toBe(401);
  });
});

describe("changing the password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (cookie: string, body: object) =>
    t.post("/api/user/password", body, { headers: { cookie } });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode;

  it("takes the current password, ends every other session, tells the owner and lets only the new one in", async () => {
    const email = `changer${Date.now()}@example.test`;
    const here = await signedInUser(t.database.db, t.config, {
      email,
      password: PASSWORD,
      emailVerifiedAt: new Date(),
    });
    const signIn = (password: string) => t.post("/api/login", { email, password });
    const elsewhere = String((await signIn(PASSWORD)).headers["set-cookie"]).split(";")[0] ?? "";

    expect(
      (await change(here.cookie, { currentPassword: "Wrong-Password-9", newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(401);
    const missing = await change(here.cookie, { newPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^currentPassword: /);
    expect((await change(here.cookie, { currentPassword: PASSWORD, newPassword: "short" })).statusCode).toBe(
      400,
    );
    expect(
      (await change(here.cookie, { currentPassword: PASSWORD, newPassword: "password123" })).statusCode,
    ).toBe(400);
    expect(await me(elsewhere)).toBe(200);

    const changed = await change(here.cookie, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ok: true, message: expect.stringContaining("signed out") });
    expect(await me(elsewhere)).toBe(401);
    expect(await me(here.cookie)).toBe(200);
    expect((await signIn(PASSWORD)).statusCode).toBe(401);
    expect((await signIn(NEW_PASSWORD)).statusCode).toBe(200);
    const mail = (await readMailbox(t.app)).find(
      (m) => m.to === email && m.subject !== "New sign-in to your account",
    );
    expect(mail?.subject).toBe("Your password was changed");
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, here.user.id));
    expect(events.map((e) => [e.kind, e.detail])).toContainEqual(["password-changed", "changed"]);
  });

  it("lets a Google-only customer set a first password after a fresh sign-in, and not with a stale one", async () => {
    const fresh = await signedInUser(t.database.db, t.config, {
      googleId: `g-${Date.now()}`,
      emailVerifiedAt: new Date(),
    });
    expect((await change(fresh.cookie, { newPassword: NEW_PASSWORD })).statusCode).toBe(200);

    const stale = await signedInUser(t.database.db, t.config, {
      googleId: `g2-${Date.now()}`,
      emailVerifiedAt: new Date(),
    });
    await t.database.db
      .update(sessions)
      .set({ provenAt: new Date(Date.now() - 60 * MINUTE) })
      .where(eq(sessions.userId, stale.user.id));
    const refused = await change(stale.cookie, { newPassword: NEW_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ stepUp: true });
  });

  it("needs a session", async () => {
    expect(
      (await t.post("/api/user/password", { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(401);
  });
});
