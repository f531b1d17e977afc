import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  emailTokens,
  outboxJobs,
  sessions,
  users,
} from "../../../src/server/platform/db/schema";
import { INVALID_LINK_MESSAGE } from "../../../src/shared/api/auth";
import { loadPasswordEstimator } from "../../../src/shared/password-strength";
import { type FakeSmtp, startFakeSmtp } from "../../fakes/smtp-server";
import { latestMail, linkToken, readMailbox } from "../../support/mailbox";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

const chosen = "Brand-New-Secret-77";
const neutralClaim = expect.stringContaining("If this email belongs to an existing customer");
const neutralReset = expect.stringContaining("If an account uses this email");

describe("existing-customer registration (claim by email proof)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The claim request's binding cookie, as the browser that sent it would send it back. */
  const bindingCookie = (res: { headers: Record<string, unknown> }) => {
    const cookie = String(res.headers["set-cookie"] ?? "");
    expect(cookie).toMatch(/^portal_claim=[A-Za-z0-9_-]{43};.*HttpOnly/);
    return cookie.split(";")[0] ?? "";
  };

  it("mails a one-time link to an imported customer; in the browser that asked, it sets the typed password and signs in", async () => {
    const imported = await insertUser(t.database.db, {
      email: "imported.one@example.test",
      passwordHash: null,
      airtableRecordId: "recA1",
    });
    const res = await t.post("/api/register-existing-user", {
      email: "IMPORTED.ONE@example.test",
      password: chosen,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: neutralClaim });
    const cookie = bindingCookie(res);
    // Nothing changes until the link is followed.
    const [before] = await t.database.db.select().from(users).where(eq(users.id, imported.id));
    expect(before?.passwordHash).toBeNull();

    const mail = await latestMail(t.app);
    expect(mail.to).toBe("imported.one@example.test");
    expect(mail.text).toContain(`${TEST_APP_URL}/register-existing/confirm?token=`);
    const token = linkToken(mail, "/register-existing/confirm");

    const confirmed = await t.post("/api/register-existing-user/confirm", { token }, { headers: { cookie } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: imported.id, email: "imported.one@example.test" });
    const setCookies = ([] as string[]).concat(confirmed.headers["set-cookie"] ?? []);
    expect(setCookies.some((c) => /^portal_session=[^;]+/.test(c))).toBe(true);
    expect(setCookies.some((c) => /^portal_claim=;/.test(c))).toBe(true);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, imported.id));
    expect(after?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(
      (await t.post("/api/login", { email: "imported.one@example.test", password: chosen })).statusCode,
    ).toBe(200);

    // The link works once.
    const again = await t.post("/api/register-existing-user/confirm", { token }, { headers: { cookie } });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toContain("This link is invalid, has expired or has already been used");
  });

  it("never lets whoever asked for the link choose the owner's password", async () => {
    const owner = await insertUser(t.database.db, { email: "target@example.test", passwordHash: null });
    // Someone who knows the email asks, with a password of their own, from their own browser.
    const attacker = await t.post("/api/register-existing-user", {
      email: "target@example.test",
      password: "Attackers-Pick-91",
    });
    const attackerCookie = bindingCookie(attacker);
    const token = linkToken(await latestMail(t.app), "/register-existing/confirm");

    // The owner opens the mailed link in their own browser: no binding, so they must choose a password.
    const plain = await t.post("/api/register-existing-user/confirm", { token });
    expect(plain.statusCode).toBe(422);
    expect(plain.json()).toEqual({ error: "Choose a password to finish creating your account." });
    expect(plain.headers["set-cookie"]).toBeUndefined();
    // A binding from another claim does not match either.
    const otherClaim = await t.post("/api/register-existing-user", {
      email: "someone.else@example.test",
      password: chosen,
    });
    const foreign = await t.post(
      "/api/register-existing-user/confirm",
      { token },
      { headers: { cookie: bindingCookie(otherClaim) } },
    );
    expect(foreign.statusCode).toBe(422);
    const [untouched] = await t.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(untouched?.passwordHash).toBeNull();

    // The link is still usable: the owner chooses a password on the page it opened.
    const chosenByOwner = await t.post("/api/register-existing-user/confirm", {
      token,
      password: "Owners-Own-Choice-5",
    });
    expect(chosenByOwner.statusCode).toBe(200);
    expect(chosenByOwner.json()).toMatchObject({ id: owner.id });
    expect(
      (await t.post("/api/login", { email: "target@example.test", password: "Attackers-Pick-91" }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.post("/api/login", { email: "target@example.test", password: "Owners-Own-Choice-5" }))
        .statusCode,
    ).toBe(200);
    // And the attacker's browser, had it the link, gets nothing more from it.
    const late = await t.post(
      "/api/register-existing-user/confirm",
      { token },
      { headers: { cookie: attackerCookie } },
    );
    expect(late.statusCode).toBe(400);
  });

  it("refuses a weak password chosen on the link's page, with the meter's words, and keeps the link usable", async () => {
    await insertUser(t.database.db, { email: "chooser@example.test", passwordHash: null });
    await t.post("/api/register-existing-user", { email: "chooser@example.test", password: chosen });
    const token = linkToken(await latestMail(t.app), "/register-existing/confirm");
    const common = await t.post("/api/register-existing-user/confirm", { token, password: "password1" });
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toContain("password: This password is too easy to guess");
    const meter = (await loadPasswordEstimator())("Password123!");
    const weak = await t.post("/api/register-existing-user/confirm", { token, password: "Password123!" });
    expect(weak.json()).toEqual({ error: `password: ${meter.message}` });
    // Asking for the link judges the typed password the same way.
    const asked = await t.post("/api/register-existing-user", {
      email: "other@example.test",
      password: "Password123!",
    });
    expect(asked.json()).toEqual({ error: `password: ${meter.message}` });
    const good = await t.post("/api/register-existing-user/confirm", {
      token,
      password: "Chooser-Choice-64",
    });
    expect(good.statusCode).toBe(200);
  });

  it("sets the binding cookie for any email, so the answer says nothing about it", async () => {
    const res = await t.post("/api/register-existing-user", {
      email: "nobody.at.all@example.test",
      password: chosen,
    });
    expect(res.statusCode).toBe(200);
    bindingCookie(res);
  });

  it("gives the same answer for an unknown email or a customer who already has a login; only the login's owner hears of it", async () => {
    const owner = await insertUser(t.database.db, {
      email: "has.password@example.test",
      password: "Older-Secret-11",
    });
    const mailBefore = (await readMailbox(t.app)).length;
    const usersBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n;
    const answers = [];
    for (const email of ["nobody.here@example.test", "has.password@example.test"]) {
      const res = await t.post("/api/register-existing-user", { email, password: chosen });
      expect(res.statusCode).toBe(200);
      answers.push(res.json());
    }
    expect(answers).toEqual([
      { ok: true, message: neutralClaim },
      { ok: true, message: neutralClaim },
    ]);
    expect(answers[0]).toEqual(answers[1]);

    // The unknown email gets nothing; the login's owner is told a login exists and how to get in.
    const mails = await readMailbox(t.app);
    expect(mails.length).toBe(mailBefore + 1);
    const [mail] = mails;
    expect(mail?.to).toBe("has.password@example.test");
    expect(mail?.subject).toBe("You already have a portal login");
    expect(mail?.text).toContain("already has a login");
    expect(mail?.text).toContain(`Sign in: ${TEST_APP_URL}/login\n`);
    expect(mail?.text).toContain(`Forgot password? Choose a new one: ${TEST_APP_URL}/forgot-password\n`);
    expect(mail?.html).toContain(`href="${TEST_APP_URL}/login"`);
    expect(mail?.html).toContain(`href="${TEST_APP_URL}/forgot-password"`);
    // It carries no link that sets anything, and none was issued.
    expect(mail?.text).not.toContain("token=");
    expect(await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, owner.id))).toEqual(
      [],
    );

    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]?.n).toBe(
      usersBefore,
    );
    // The password of the customer who has one is untouched.
    expect(
      (await t.post("/api/login", { email: "has.password@example.test", password: "Older-Secret-11" }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses an expired link", async () => {
    const imported = await insertUser(t.database.db, {
      email: "slow.clicker@example.test",
      passwordHash: null,
    });
    await t.post("/api/register-existing-user", { email: "slow.clicker@example.test", password: chosen });
    const token = linkToken(await latestMail(t.app), "/register-existing/confirm");
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, imported.id));
    const res = await t.post("/api/register-existing-user/confirm", { token, password: chosen });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, imported.id));
    expect(row?.passwordHash).toBeNull();
  });

  it("refuses bad input with 400", async () => {
    for (const [payload, message] of [
      [{ email: "x", password: chosen }, "email: Please enter a valid email address"],
      [{ email: "a@b.co", password: "short" }, "password: Password must be at least 8 characters long"],
      [{ email: "a@b.co", password: "qwertyuiop" }, "password: This password is too easy to guess"],
      [{ password: chosen }, "email: Required"],
    ] as const) {
      const res = await t.post("/api/register-existing-user", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const forged = await t.post("/api/register-existing-user/confirm", { token: "A".repeat(43) });
    expect(forged.statusCode).toBe(400);
    const notAToken = await t.post("/api/register-existing-user/confirm", {
      token: `${"A".repeat(30)}\u0000`,
    });
    expect(notAToken.statusCode).toBe(400);
    expect(notAToken.json().error).toMatch(/^token: /);
  });

  it("limits the mails one address can trigger to 3 an hour", async () => {
    await insertUser(t.database.db, { email: "popular@example.test", passwordHash: null });
    for (let i = 0; i < 3; i++) {
      expect(
        (await t.post("/api/register-existing-user", { email: "popular@example.test", password: chosen }))
          .statusCode,
      ).toBe(200);
    }
    const res = await t.post("/api/register-existing-user", {
      email: "Popular@example.test",
      password: chosen,
    });
    expect(res.statusCode).toBe(429);
  });
});

describe("password reset", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("mails a link; the reset sets the password and ends every session of the user", async () => {
    const user = await insertUser(t.database.db, {
      email: "forgetful@example.test",
      password: "Old-Password-99",
    });
    const a = await t.post("/api/login", { email: "forgetful@example.test", password: "Old-Password-99" });
    const b = await t.post("/api/login", { email: "forgetful@example.test", password: "Old-Password-99" });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);

    const res = await t.post("/api/forgot-password", { email: "Forgetful@example.test" });
    expect(res.json()).toEqual({ ok: true, message: neutralReset });
    const mail = await latestMail(t.app);
    expect(mail.subject).toBe("Reset your password");
    const token = linkToken(mail, "/reset-password");

    // A common password is refused and the link stays usable.
    const common = await t.post("/api/reset-password", { token, password: "password1" });
    expect(common.statusCode).toBe(400);

    const reset = await t.post("/api/reset-password", { token, password: "Fresh-Password-31" });
    expect(reset.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect(
      (await t.post("/api/login", { email: "forgetful@example.test", password: "Old-Password-99" }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.post("/api/login", { email: "forgetful@example.test", password: "Fresh-Password-31" }))
        .statusCode,
    ).toBe(200);
    expect((await t.post("/api/reset-password", { token, password: "Another-Password-32" })).statusCode).toBe(
      400,
    );
    // The audit log tells the story: two sign-ins; the link proves the address, which ends what an
    // unproven claim had set up, and resets the password; the old password is refused, the new one not.
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectUserId, user.id))
      .orderBy(auditEvents.id);
    expect(trail.map((entry) => [entry.kind, entry.detail])).toEqual([
      ["sign-in", "password"],
      ["sign-in", "password"],
      // The pending links are the two sign-ins' "This wasn't me" links (decision 072).
      ["unproven-access-ended", "reset-link: password, 2 sessions, 2 pending links"],
      ["password-reset", "reset link; every session ended"],
      ["sign-in-failed", "wrong password"],
      ["sign-in", "password"],
    ]);
  });

  it("answers an unknown email exactly as a known one, and mails nothing", async () => {
    const before = (await readMailbox(t.app)).length;
    const res = await t.post("/api/forgot-password", { email: "ghost@example.test" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: neutralReset });
    expect((await readMailbox(t.app)).length).toBe(before);
  });

  it("checks a link without using it, and refuses a used, expired or unknown one in the reset's words", async () => {
    const user = await insertUser(t.database.db, {
      email: "checker@example.test",
      password: "Old-Password-99",
    });
    await t.post("/api/forgot-password", { email: "checker@example.test" });
    const token = linkToken(await latestMail(t.app), "/reset-password");

    for (let i = 0; i < 2; i++) {
      const check = await t.post("/api/reset-password/check", { token });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ ok: true });
    }
    const [row] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(row?.usedAt).toBeNull();

    expect((await t.post("/api/reset-password", { token, password: "Fresh-Password-31" })).statusCode).toBe(
      200,
    );
    const used = await t.post("/api/reset-password/check", { token });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ error: INVALID_LINK_MESSAGE });

    await t.post("/api/forgot-password", { email: "checker@example.test" });
    const late = linkToken(await latestMail(t.app), "/reset-password");
    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    expect((await t.post("/api/reset-password/check", { token: late })).json()).toEqual({
      error: INVALID_LINK_MESSAGE,
    });
    expect((await t.post("/api/reset-password/check", { token: "A".repeat(43) })).json()).toEqual({
      error: INVALID_LINK_MESSAGE,
    });

    // A claim link is not a reset link, even while it is usable as a claim.
    await insertUser(t.database.db, { email: "checked.claim@example.test", passwordHash: null });
    await t.post("/api/register-existing-user", { email: "checked.claim@example.test", password: chosen });
    const claim = linkToken(await latestMail(t.app), "/register-existing/confirm");
    expect((await t.post("/api/reset-password/check", { token: claim })).statusCode).toBe(400);
    expect((await t.post("/api/reset-password/check", { token: "short" })).statusCode).toBe(400);
  });

  it("counts checks against the per-address limit on following links", async () => {
    const ip = "127.200.0.9";
    for (let i = 0; i < 20; i++) {
      expect((await t.post("/api/reset-password/check", { token: "B".repeat(43) }, { ip })).statusCode).toBe(
        400,
      );
    }
    const limited = await t.post("/api/reset-password/check", { token: "B".repeat(43) }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual(expect.any(String));
    // Following a link from that address is limited too: the two share one count.
    expect(
      (await t.post("/api/reset-password", { token: "B".repeat(43), password: "Fresh-Password-31" }, { ip }))
        .statusCode,
    ).toBe(429);
  });

  it("refuses Password123! on the reset with the meter's words, and keeps the link usable", async () => {
    await insertUser(t.database.db, {
      name: "Wendell Strong",
      email: "wendell.strong@example.test",
      password: "Old-Password-99",
    });
    await t.post("/api/forgot-password", { email: "wendell.strong@example.test" });
    const token = linkToken(await latestMail(t.app), "/reset-password");
    const estimate = await loadPasswordEstimator();
    for (const weak of ["Password123!", "WendellStrong!"]) {
      const res = await t.post("/api/reset-password", { token, password: weak });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: `password: ${estimate(weak, ["Wendell Strong", "wendell.strong@example.test"]).message}`,
      });
    }
    expect((await t.post("/api/reset-password/check", { token })).statusCode).toBe(200);
    expect((await t.post("/api/reset-password", { token, password: "Demo-Portal-2026!" })).statusCode).toBe(
      200,
    );
  });

  it("refuses a claim link used as a reset link", async () => {
    await insertUser(t.database.db, { email: "crossed@example.test", passwordHash: null });
    await t.post("/api/register-existing-user", { email: "crossed@example.test", password: chosen });
    const token = linkToken(await latestMail(t.app), "/register-existing/confirm");
    expect((await t.post("/api/reset-password", { token, password: "Fresh-Password-31" })).statusCode).toBe(
      400,
    );
  });
});

describe("mail over SMTP", () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Portal <portal@example.test>" } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("delivers the reset link through the SMTP server", async () => {
    await insertUser(t.database.db, {
      email: "smtp.user@example.test",
      password: "Old-Password-99",
    });
    const res = await t.post("/api/forgot-password", { email: "smtp.user@example.test" });
    expect(res.statusCode).toBe(200);
    await t.app.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["smtp.user@example.test"]);
    expect(smtp.received[0]?.from).toBe("portal@example.test");
    expect(smtp.received[0]?.raw).toContain("Subject: Reset your password");
    // With SMTP configured there is no development mailbox to read.
    expect((await t.app.inject({ method: "GET", url: "/api/dev/mailbox" })).json()).toEqual([]);
  });

  it("keeps the neutral answer when the SMTP server refuses, logs the failure, and never logs the link", async () => {
    await insertUser(t.database.db, {
      email: "bounce@example.test",
      password: "Old-Password-99",
    });
    smtp.mode = "reject";
    const res = await t.post("/api/forgot-password", { email: "bounce@example.test" });
    await t.app.outbox.drain();
    smtp.mode = "accept";
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: neutralReset });
    expect(t.logs()).toContain("background job failed");
    expect(t.logs()).toContain("Mailbox unavailable");
    expect(t.logs()).not.toMatch(/reset-password\?token=/);
    // The mail waits to be tried again, sealed: its link is not readable in the database.
    const [job] = await t.database.db
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, "mail"), isNull(outboxJobs.doneAt)));
    expect(job).toMatchObject({ attempts: 1, doneAt: null, deadAt: null });
    expect(job?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(job?.payload)).not.toMatch(/token|bounce@example/);
  });
});
