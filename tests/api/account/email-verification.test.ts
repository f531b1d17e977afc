import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { auditEvents, emailTokens, users } from "../../../src/server/platform/db/schema";
import { INVALID_LINK_MESSAGE } from "../../../src/shared/api/auth";
import { linkToken, readMailbox } from "../../support/mailbox";
import { createTestApp, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

const goodPassword = "Sturdy-Lantern-42";
const MINUTE = 60_000;

describe("verifying a new customer's email", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  let registered = 0;
  /**
   * Someone signed in to an account whose address nobody has proven (registered before registering
   * needed the mailed link, decision 071), who has asked for the link once. Their cookie and email.
   */
  async function register(): Promise<{ cookie: string; email: string; id: number }> {
    registered += 1;
    const email = `verify${registered}-${Date.now()}@example.test`;
    const { user, cookie } = await signedInUser(t.database.db, t.config, {
      name: "Vera Verify",
      email,
      password: goodPassword,
    });
    expect((await resend(cookie)).statusCode).toBe(200);
    return { cookie, email, id: user.id };
  }

  const me = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).json();

  /** The verification links mailed to `email`, newest first. */
  async function verificationLinks(email: string): Promise<string[]> {
    return (await readMailbox(t.app))
      .filter((mail) => mail.to === email && mail.text.includes("/verify-email?token="))
      .map((mail) => linkToken(mail, "/verify-email"));
  }

  /** Follows a verification link, in the browser that holds `cookie` (none: signed out). */
  const verify = (token: string, cookie?: string) =>
    t.post("/api/user/email/verify", { token }, cookie ? { headers: { cookie } } : {});
  const resend = (cookie: string) => t.post("/api/user/email/verify/resend", {}, { headers: { cookie } });

  it("an unproven address is not verified, and its mailed link verifies it once", async () => {
    const { cookie, email, id } = await register();
    expect((await me(cookie)).emailVerified).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row?.emailVerifiedAt).toBeNull();

    const [token] = await verificationLinks(email);
    if (!token) throw new Error("no verification link");
    const mail = (await readMailbox(t.app)).find((m) => m.to === email);
    expect(mail?.subject).toBe("Verify your email address");
    expect(mail?.text).toContain("expires in 30 minutes");

    const first = await verify(token, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, message: "Your email is verified." });
    expect((await me(cookie)).emailVerified).toBe(true);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, id))
      .orderBy(auditEvents.id);
    expect(events).toMatchObject([{ kind: "email-verified", detail: email }]);

    const again = await verify(token, cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: INVALID_LINK_MESSAGE });
  });

  it("counts only in a browser signed in to the account that asked, and stays usable until then", async () => {
    const { cookie, email, id } = await register();
    const [token] = await verificationLinks(email);
    if (!token) throw new Error("no verification link");
    // Whoever receives the mail without having registered cannot prove the address for the registrant.
    const signedOut = await verify(token);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error).toMatch(/^Sign in to finish/);
    const stranger = await signedInUser(t.database.db, t.config);
    const elsewhere = await verify(token, stranger.cookie);
    expect(elsewhere.statusCode).toBe(403);
    expect((await me(cookie)).emailVerified).toBe(false);
    expect((await me(stranger.cookie)).emailVerified).toBe(false);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectUserId, id), eq(auditEvents.kind, "email-verified")));
    expect(events).toEqual([]);

    expect((await verify(token, cookie)).statusCode).toBe(200);
    expect((await me(cookie)).emailVerified).toBe(true);
  });

  it("expires 30 minutes after it was sent", async () => {
    const { cookie, email } = await register();
    const [token] = await verificationLinks(email);
    if (!token) throw new Error("no verification link");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 30 * MINUTE + 1_000 });
    const late = await verify(token, cookie);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: INVALID_LINK_MESSAGE });
    vi.useRealTimers();
    expect((await me(cookie)).emailVerified).toBe(false);
  });

  it("still works a moment before its 30 minutes are up", async () => {
    const { cookie, email } = await register();
    const [token] = await verificationLinks(email);
    if (!token) throw new Error("no verification link");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 29 * MINUTE });
    expect((await verify(token, cookie)).statusCode).toBe(200);
    vi.useRealTimers();
    expect((await me(cookie)).emailVerified).toBe(true);
  });

  it("refuses a wrong or malformed token with a neutral 400 in the error shape", async () => {
    for (const token of [
      "not-a-real-token-0123456789abcdef",
      "a".repeat(43),
      "bad\u0000token-0123456789abcdef",
    ]) {
      const res = await verify(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json(), token).toEqual({ error: expect.any(String) });
    }
    expect((await verify("not-a-real-token-0123456789abcdef")).json()).toEqual({
      error: INVALID_LINK_MESSAGE,
    });
  });

  it("does not verify an address the account no longer uses", async () => {
    const { cookie, email, id } = await register();
    const [token] = await verificationLinks(email);
    if (!token) throw new Error("no verification link");
    await t.database.db
      .update(users)
      .set({ email: `moved-${Date.now()}@example.test` })
      .where(eq(users.id, id));
    const res = await verify(token, cookie);
    expect(res.statusCode).toBe(400);
    expect((await me(cookie)).emailVerified).toBe(false);
  });

  it("resends a new link that retires the old one, with the same answer for a verified address", async () => {
    const { cookie, email } = await register();
    const [old] = await verificationLinks(email);
    const res = await resend(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: expect.stringContaining("valid for 30 minutes") });
    const links = await verificationLinks(email);
    expect(links).toHaveLength(2);
    const [newest] = links;
    if (!old || !newest) throw new Error("no verification links");
    expect((await verify(old, cookie)).statusCode).toBe(400);
    expect((await verify(newest, cookie)).statusCode).toBe(200);

    // Once verified, the same answer, and no mail.
    const after = await resend(cookie);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(res.json());
    expect(await verificationLinks(email)).toHaveLength(2);
  });

  it("limits resending to 3 an hour per email, answering 429 with Retry-After", async () => {
    const { cookie } = await register();
    // The first of the 3 is the one `register` asked for.
    for (let i = 0; i < 2; i++) expect((await resend(cookie)).statusCode).toBe(200);
    const limited = await resend(cookie);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: expect.stringContaining("Too many attempts") });
  });

  it("needs a signed-in user to resend", async () => {
    const res = await t.post("/api/user/email/verify/resend", {});
    expect(res.statusCode).toBe(401);
  });

  it("shows an email verified by an email change in GET /api/user", async () => {
    const { user, cookie } = await signedInUser(t.database.db, t.config);
    expect((await me(cookie)).emailVerified).toBe(false);
    const newEmail = `changed-${Date.now()}@example.test`;
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/user/${user.id}`,
      payload: { email: newEmail, name: user.name, username: user.username },
      headers: { origin: t.config.appUrl, "content-type": "application/json", cookie },
    });
    expect(saved.statusCode).toBe(200);
    const mail = (await readMailbox(t.app)).find((m) => m.to === newEmail);
    if (!mail) throw new Error("no email-change link");
    const token = linkToken(mail, "/settings/confirm-email");
    expect((await t.post("/api/user/email/confirm", { token }, { headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect(await me(cookie)).toMatchObject({ email: newEmail, emailVerified: true });
    const tokens = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(tokens.every((row) => row.usedAt !== null)).toBe(true);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, user.id));
    expect(events).toMatchObject([{ kind: "email-changed", detail: `${user.email} → ${newEmail}` }]);
  });
});
