/**
 * "This wasn't me" (decision 072): the new-sign-in mail's link, posted from its page, ends that
 * session and no other, once, and mails a reset link; a forged, used or expired link, or another
 * customer's, changes nothing of mine. The bell's entry names the session, which the sessions route
 * ends for the signed-in owner.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_DISOWN_TTL_MS } from "../../../src/server/features/auth/email-tokens";
import { auditEvents, emailTokens, sessions } from "../../../src/server/platform/db/schema";
import { hashSecretToken } from "../../../src/server/platform/secrets/secret-token";
import { INVALID_LINK_MESSAGE } from "../../../src/shared/api/auth";
import { type DevMail, linkToken, readMailbox } from "../../support/mailbox";
import { createTestApp, nextLoopbackIp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

const PASSWORD = "Quiet-Harbour-Lamp-2026";
const ALERT = "New sign-in to your account";
const invalid = { error: INVALID_LINK_MESSAGE };

describe('"This wasn\'t me" on a new sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const mailsTo = async (email: string, subject: string): Promise<DevMail[]> =>
    (await readMailbox(t.app)).filter((m) => m.to === email && m.subject === subject);

  /** A sign-in from a browser the account has not seen: its session cookie and the alert it mailed. */
  async function signInFromNewBrowser(email: string) {
    const res = await t.post("/api/login", { email, password: PASSWORD }, { ip: nextLoopbackIp() });
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((c) => c.name === t.config.session.cookieName);
    if (!session) throw new Error("no session cookie");
    const [alert] = await mailsTo(email, ALERT);
    if (!alert) throw new Error("no new-sign-in mail");
    const [row] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSecretToken(session.value)));
    if (!row) throw new Error("no session row");
    return { cookie: `${session.name}=${session.value}`, alert, sessionId: row.id };
  }

  async function owner() {
    const user = await insertUser(t.database.db, { password: PASSWORD, emailVerifiedAt: new Date() });
    const mine = await signInFromNewBrowser(user.email);
    const stranger = await signInFromNewBrowser(user.email);
    return { user, mine, stranger };
  }
  const signedIn = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode === 200;
  const disownedEntries = (userId: number) =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, userId), eq(auditEvents.kind, "sign-in-disowned")));

  it('mails "This wasn\'t me" with a link to a page, valid for 7 days, naming the session', async () => {
    const { stranger } = await owner();
    expect(stranger.alert.text).toContain(`This wasn't me: ${TEST_APP_URL}/not-me?token=`);
    expect(stranger.alert.html).toContain(`${TEST_APP_URL}/not-me?token=`);
    const token = linkToken(stranger.alert, "/not-me");
    const [row] = await t.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, hashSecretToken(token)));
    expect(row).toMatchObject({ purpose: "sign-in-disowned", sessionId: stranger.sessionId, usedAt: null });
    if (!row) throw new Error("no token row");
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SIGN_IN_DISOWN_TTL_MS);
    // Only the token's hash is kept.
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("ends exactly that session, signed out, mails a reset link that works, and is audited", async () => {
    const { user, mine, stranger } = await owner();
    const token = linkToken(stranger.alert, "/not-me");
    // Opening the page changes nothing: only the page's POST acts.
    await t.app.inject({ method: "GET", url: `/not-me?token=${token}` });
    expect(await signedIn(stranger.cookie)).toBe(true);

    const res = await t.post("/api/not-me", { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      ended: true,
      message: "That session has ended. We have mailed you a link to choose a new password.",
    });
    expect(await signedIn(stranger.cookie)).toBe(false);
    expect(await signedIn(mine.cookie)).toBe(true);

    const [reset] = await mailsTo(user.email, "Reset your password");
    if (!reset) throw new Error("no reset mail");
    const resetToken = linkToken(reset, "/reset-password");
    const chosen = "Fresh-Orchard-Window-88";
    const done = await t.post("/api/reset-password", { token: resetToken, password: chosen });
    expect(done.statusCode).toBe(200);
    expect((await t.post("/api/login", { email: user.email, password: chosen })).statusCode).toBe(200);

    const [entry] = await disownedEntries(user.id);
    expect(entry).toMatchObject({ actorUserId: user.id, subjectUserId: user.id });
    expect(entry?.detail).toContain(`session ${stranger.sessionId}`);
    expect(entry?.detail).not.toContain(token);
  });

  it("works once: the same link again changes nothing and mails nothing", async () => {
    const { user, stranger } = await owner();
    const token = linkToken(stranger.alert, "/not-me");
    expect((await t.post("/api/not-me", { token })).statusCode).toBe(200);
    const again = await t.post("/api/not-me", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalid);
    expect(await mailsTo(user.email, "Reset your password")).toHaveLength(1);
    expect(await disownedEntries(user.id)).toHaveLength(1);
  });

  it("refuses a forged or expired link, and a reset link, changing nothing", async () => {
    const { user, mine, stranger } = await owner();
    const token = linkToken(stranger.alert, "/not-me");
    for (const forged of ["A".repeat(43), `${token.slice(0, -2)}xx`]) {
      const res = await t.post("/api/not-me", { token: forged });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalid);
    }
    const malformed = await t.post("/api/not-me", { token: "short" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: expect.any(String) });
    // A reset link is not a "This wasn't me" link.
    await t.post("/api/forgot-password", { email: user.email });
    const [reset] = await mailsTo(user.email, "Reset your password");
    if (!reset) throw new Error("no reset mail");
    expect((await t.post("/api/not-me", { token: linkToken(reset, "/reset-password") })).json()).toEqual(
      invalid,
    );

    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashSecretToken(token)));
    const expired = await t.post("/api/not-me", { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(invalid);

    expect(await signedIn(stranger.cookie)).toBe(true);
    expect(await signedIn(mine.cookie)).toBe(true);
    expect(await mailsTo(user.email, "Reset your password")).toHaveLength(1);
    expect(await disownedEntries(user.id)).toHaveLength(0);
  });

  it("another customer's link ends only their own session, whoever posts it", async () => {
    const me = await owner();
    const other = await owner();
    const theirs = linkToken(other.stranger.alert, "/not-me");
    // Posted from my signed-in browser: my sessions stay, and no reset mail comes to me.
    const res = await t.post("/api/not-me", { token: theirs }, { headers: { cookie: me.mine.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await signedIn(me.mine.cookie)).toBe(true);
    expect(await signedIn(me.stranger.cookie)).toBe(true);
    expect(await mailsTo(me.user.email, "Reset your password")).toHaveLength(0);
    expect(await disownedEntries(me.user.id)).toHaveLength(0);
    expect(await signedIn(other.stranger.cookie)).toBe(false);
    expect(await mailsTo(other.user.email, "Reset your password")).toHaveLength(1);
  });

  it("says so when the session had ended already, still mails the reset link, and clears this browser's own", async () => {
    const { user, mine, stranger } = await owner();
    // Ended from Settings first.
    const ended = await t.app.inject({
      method: "DELETE",
      url: `/api/user/sessions/${stranger.sessionId}`,
      headers: { cookie: mine.cookie, origin: TEST_APP_URL },
    });
    expect(ended.statusCode).toBe(200);
    const late = await t.post("/api/not-me", { token: linkToken(stranger.alert, "/not-me") });
    expect(late.json()).toMatchObject({ ok: true, ended: false });
    expect(await mailsTo(user.email, "Reset your password")).toHaveLength(1);

    // The link of the sign-in this very browser made: its cookie goes with its session.
    const own = await t.post(
      "/api/not-me",
      { token: linkToken(mine.alert, "/not-me") },
      { headers: { cookie: mine.cookie } },
    );
    expect(own.json()).toMatchObject({ ended: true });
    expect(String(own.headers["set-cookie"])).toMatch(new RegExp(`^${t.config.session.cookieName}=;`));
  });

  it("is refused from another site", async () => {
    const { stranger } = await owner();
    const res = await t.post(
      "/api/not-me",
      { token: linkToken(stranger.alert, "/not-me") },
      { headers: { origin: "https://elsewhere.example" } },
    );
    expect(res.statusCode).toBe(403);
    expect(await signedIn(stranger.cookie)).toBe(true);
  });

  it("names the session in the bell's entry, which the owner ends with the sessions route", async () => {
    const { mine, stranger } = await owner();
    const list = await t.app.inject({
      method: "GET",
      url: "/api/notifications",
      headers: { cookie: mine.cookie },
    });
    const entries = list.json().notifications.filter((n: { kind: string }) => n.kind === "new_sign_in");
    expect(entries.map((n: { detail: { session: number } }) => n.detail.session)).toEqual([
      stranger.sessionId,
      mine.sessionId,
    ]);
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/user/sessions/${stranger.sessionId}`,
      headers: { cookie: mine.cookie, origin: TEST_APP_URL },
    });
    expect(res.statusCode).toBe(200);
    expect(await signedIn(stranger.cookie)).toBe(false);
    expect(await signedIn(mine.cookie)).toBe(true);
  });
});
