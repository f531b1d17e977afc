import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditEvents,
  type LinkedinAccountRow,
  linkedinAccounts,
} from "../../../src/server/platform/db/schema";
import { decodeBase32 } from "../../../src/server/platform/secrets/totp";
import {
  exportedSecretsSchema,
  loginCodeSchema,
  revealedSecretSchema,
} from "../../../src/shared/api/linkedin-accounts";
import { insertAccount, secretsFor } from "../../support/linkedin-accounts";
import { referenceTotp } from "../../support/reference-totp";
import { createTestApp, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInCast, signedInUser } from "../../support/users";

describe("revealing stored secrets", () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  let alices: LinkedinAccountRow;
  let alicesBare: LinkedinAccountRow;
  let bobs: LinkedinAccountRow;
  const proxyUrl = "http://proxy-user:Proxy-Secret-1-xk@203.0.113.7:8080";

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    ({ alice, bob, admin } = await signedInCast(db, t.config));
    alices = await insertAccount(db, alice.user, secretsFor(1), {
      linkedinEmail: "alice-li@example.test",
      proxyUrl,
    });
    alicesBare = await insertAccount(db, alice.user, {}, { linkedinEmail: null, firstName: "Barely" });
    bobs = await insertAccount(db, bob.user, secretsFor(2), { linkedinEmail: "bob-li@example.test" });
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string | undefined, payload: object, ip?: string) =>
    t.post(url, payload, { headers: cookie ? { cookie } : {}, ...(ip ? { ip } : {}) });
  const reveal = (id: number | string, cookie: string | undefined, payload: object) =>
    post(`/api/accounts/linkedin/${id}/reveal`, cookie, payload);
  const loginCode = (id: number | string, cookie: string | undefined, payload: object = {}) =>
    post(`/api/accounts/linkedin/${id}/login-code`, cookie, payload);
  const exportOf = (uid: string, cookie: string | undefined, payload: object) =>
    post(`/api/accounts/linkedin/user/${uid}/export-secrets`, cookie, payload);

  // The reveals in the one audit log (decision 035), oldest first.
  const auditRows = () =>
    t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.kind, "secret-revealed"))
      .orderBy(auditEvents.id);
  const auditCount = async () => (await auditRows()).length;

  describe("POST /api/accounts/linkedin/:id/reveal", () => {
    it("gives the owner each secret, and records each reveal", async () => {
      const before = await auditCount();
      const password = await post(
        `/api/accounts/linkedin/${alices.id}/reveal`,
        alice.cookie,
        { secret: "password" },
        "127.9.9.9",
      );
      expect(password.statusCode).toBe(200);
      expect(password.headers["cache-control"]).toBe("no-store");
      expect(revealedSecretSchema.parse(password.json())).toEqual({
        secret: "password",
        value: "Li-Passw0rd-1-zq",
        codes: null,
      });
      const proxy = await reveal(alices.id, alice.cookie, { secret: "proxyPassword" });
      expect(proxy.json()).toEqual({ secret: "proxyPassword", value: "Proxy-Secret-1-xk", codes: null });
      const codes = await reveal(alices.id, alice.cookie, { secret: "recoveryCodes" });
      expect(codes.json()).toEqual({
        secret: "recoveryCodes",
        value: null,
        codes: ["rc-1-alpha-1111", "rc-1-bravo-2222", "rc-1-charlie-3333"],
      });

      const rows = (await auditRows()).slice(before);
      expect(rows).toHaveLength(3);
      expect(rows.map((r) => r.detail)).toEqual(["password", "proxyPassword", "recoveryCodes"]);
      for (const row of rows) {
        expect(row).toMatchObject({
          actorUserId: alice.user.id,
          subjectUserId: alice.user.id,
          targetId: alices.id,
          target: "alice-li@example.test",
        });
        expect(Date.now() - row.at.getTime()).toBeLessThan(60_000);
      }
      expect(rows[0]?.ipAddress).toBe("127.9.9.9");
    });

    it("answers null for a secret that is not stored, labelling the record by name", async () => {
      for (const secret of ["password", "proxyPassword"] as const) {
        const res = await reveal(alicesBare.id, alice.cookie, { secret });
        expect(res.json()).toEqual({ secret, value: null, codes: null });
      }
      const codes = await reveal(alicesBare.id, alice.cookie, { secret: "recoveryCodes" });
      expect(codes.json()).toEqual({ secret: "recoveryCodes", value: null, codes: null });
      const [last] = (await auditRows()).slice(-1);
      expect(last).toMatchObject({ targetId: alicesBare.id, target: "Barely" });
    });

    it("answers 404 for another customer's account or an unknown id, and records nothing", async () => {
      const before = await auditCount();
      for (const id of [bobs.id, 999_999, 9_999_999_999]) {
        const res = await reveal(id, alice.cookie, { secret: "password" });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: "Account not found" });
      }
      expect(await auditCount()).toBe(before);
    });

    it("lets an admin reveal a customer's secret, recorded as the admin's act on the customer's account", async () => {
      const res = await reveal(bobs.id, admin.cookie, { secret: "password" });
      expect(res.json()).toEqual({ secret: "password", value: "Li-Passw0rd-2-zq", codes: null });
      const [last] = (await auditRows()).slice(-1);
      expect(last).toMatchObject({
        actorUserId: admin.user.id,
        subjectUserId: bob.user.id,
        targetId: bobs.id,
        target: "bob-li@example.test",
        detail: "password",
      });
    });

    it("refuses a bad body or id with 400, a signed-out caller with 401, and records nothing", async () => {
      const before = await auditCount();
      for (const payload of [
        {},
        { secret: "twoFaSecret" },
        { secret: "password", extra: 1 },
        { secret: 1 },
      ]) {
        const res = await reveal(alices.id, alice.cookie, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(res.json())).toEqual(["error"]);
      }
      for (const id of ["abc", "0", "-1", "1.5", "01"]) {
        const res = await reveal(id, alice.cookie, { secret: "password" });
        expect(res.statusCode, id).toBe(400);
        expect(res.json().error).toMatch(/^id: /);
      }
      const signedOut = await reveal(alices.id, undefined, { secret: "password" });
      expect(signedOut.statusCode).toBe(401);
      const crossSite = await t.app.inject({
        method: "POST",
        url: `/api/accounts/linkedin/${alices.id}/reveal`,
        headers: { cookie: alice.cookie, origin: "https://evil.example", "content-type": "application/json" },
        payload: { secret: "password" },
      });
      expect(crossSite.statusCode).toBe(403);
      expect(await auditCount()).toBe(before);
    });

    it("limits each user to 30 reveals in 5 minutes", async () => {
      const carol = await signedInUser(t.database.db, t.config);
      const account = await insertAccount(t.database.db, carol.user, secretsFor(4));
      for (let i = 0; i < 30; i++) {
        expect((await reveal(account.id, carol.cookie, { secret: "password" })).statusCode).toBe(200);
      }
      const limited = await reveal(account.id, carol.cookie, { secret: "password" });
      expect(limited.statusCode).toBe(429);
      // The first of the 30 leaves the 5-minute window in a little under 5 minutes: "5 minutes".
      expect(limited.json().error).toBe("Too many attempts. Please wait 5 minutes and try again.");
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      // Another user's allowance is their own.
      expect((await reveal(alices.id, alice.cookie, { secret: "password" })).statusCode).toBe(200);
    });
  });

  describe("POST /api/accounts/linkedin/:id/login-code", () => {
    it("gives the current TOTP code of the stored 2FA secret, and records it", async () => {
      const key = decodeBase32(secretsFor(1).twoFaSecret);
      const before = referenceTotp(key, Date.now());
      const res = await loginCode(alices.id, alice.cookie);
      const after = referenceTotp(key, Date.now());
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const body = loginCodeSchema.parse(res.json());
      // The step may turn between the two readings; the code is one of them.
      expect([before, after]).toContain(body.code);
      expect(body.period).toBe(30);
      expect(body.secondsLeft).toBeGreaterThanOrEqual(1);
      expect(body.secondsLeft).toBeLessThanOrEqual(30);
      const [last] = (await auditRows()).slice(-1);
      expect(last).toMatchObject({
        actorUserId: alice.user.id,
        subjectUserId: alice.user.id,
        targetId: alices.id,
        detail: "loginCode",
      });
    });

    it("reads a secret written in lowercase with spaces", async () => {
      const account = await insertAccount(t.database.db, alice.user, { twoFaSecret: "jbsw y3dp ehpk 3pxp" });
      const key = decodeBase32("JBSWY3DPEHPK3PXP");
      const before = referenceTotp(key, Date.now());
      const res = await loginCode(account.id, alice.cookie);
      expect([before, referenceTotp(key, Date.now())]).toContain(res.json().code);
    });

    it("answers 404 when no secret is stored, 422 when it is not a key, and records neither", async () => {
      const before = await auditCount();
      const none = await loginCode(alicesBare.id, alice.cookie);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ error: "No 2FA secret is stored for this account" });
      const broken = await insertAccount(t.database.db, alice.user, { twoFaSecret: "not a key: 0189!" });
      const invalid = await loginCode(broken.id, alice.cookie);
      expect(invalid.statusCode).toBe(422);
      expect(invalid.json()).toEqual({ error: "The stored 2FA secret is not a valid authenticator key" });
      expect(await auditCount()).toBe(before);
    });

    it("answers 404 for another customer's account and 400 for a body that is not {}", async () => {
      const before = await auditCount();
      const theirs = await loginCode(bobs.id, alice.cookie);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ error: "Account not found" });
      expect((await loginCode(alices.id, alice.cookie, { secret: "x" })).statusCode).toBe(400);
      expect(await auditCount()).toBe(before);
      expect((await loginCode(bobs.id, admin.cookie)).statusCode).toBe(200);
    });

    it("limits each user to 120 login codes in 10 minutes", async () => {
      const dave = await signedInUser(t.database.db, t.config);
      const account = await insertAccount(t.database.db, dave.user, secretsFor(5));
      for (let i = 0; i < 120; i++) {
        expect((await loginCode(account.id, dave.cookie)).statusCode).toBe(200);
      }
      expect((await loginCode(account.id, dave.cookie)).statusCode).toBe(429);
      // Reveals are counted apart.
      expect((await reveal(account.id, dave.cookie, { secret: "password" })).statusCode).toBe(200);
    });
  });

  describe("POST /api/accounts/linkedin/user/:uid/export-secrets", () => {
    it("gives the secrets of the listed accounts the user owns, leaving the others out, one record each", async () => {
      const before = await auditCount();
      const res = await exportOf(alice.user.uid, alice.cookie, {
        accountIds: [alicesBare.id, bobs.id, alices.id, 999_999, alices.id, 9_999_999_999],
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      const body = exportedSecretsSchema.parse(res.json());
      expect(body).toEqual([
        {
          id: alices.id,
          password: "Li-Passw0rd-1-zq",
          proxyPassword: "Proxy-Secret-1-xk",
          recoveryCodes: ["rc-1-alpha-1111", "rc-1-bravo-2222", "rc-1-charlie-3333"],
        },
        { id: alicesBare.id, password: null, proxyPassword: null, recoveryCodes: [] },
      ]);
      const rows = (await auditRows()).slice(before);
      expect(rows.map((r) => [r.targetId, r.detail, r.actorUserId, r.subjectUserId])).toEqual([
        [alices.id, "export", alice.user.id, alice.user.id],
        [alicesBare.id, "export", alice.user.id, alice.user.id],
      ]);
    });

    it("refuses another customer's uid with 403, and records nothing", async () => {
      const before = await auditCount();
      const res = await exportOf(bob.user.uid, alice.cookie, { accountIds: [bobs.id] });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "You can only view your own accounts" });
      expect(await auditCount()).toBe(before);
    });

    it("lets an admin export a customer's accounts", async () => {
      const res = await exportOf(bob.user.uid, admin.cookie, { accountIds: [bobs.id, alices.id] });
      expect(res.json().map((a: { id: number }) => a.id)).toEqual([bobs.id]);
      const [last] = (await auditRows()).slice(-1);
      expect(last).toMatchObject({
        actorUserId: admin.user.id,
        subjectUserId: bob.user.id,
        detail: "export",
      });
    });

    it("refuses a bad body with 400", async () => {
      for (const payload of [{}, { accountIds: [] }, { accountIds: [0] }, { accountIds: ["1"] }]) {
        const res = await exportOf(alice.user.uid, alice.cookie, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it("limits each user to 5 exports in 10 minutes", async () => {
      const erin = await signedInUser(t.database.db, t.config);
      const account = await insertAccount(t.database.db, erin.user, secretsFor(6));
      for (let i = 0; i < 5; i++) {
        expect((await exportOf(erin.user.uid, erin.cookie, { accountIds: [account.id] })).statusCode).toBe(
          200,
        );
      }
      expect((await exportOf(erin.user.uid, erin.cookie, { accountIds: [account.id] })).statusCode).toBe(429);
    });
  });

  it("never writes a secret or the proxy URL into the logs", async () => {
    // Every kind of call at least once in this file: make sure of it here too.
    await t.app.inject({
      method: "GET",
      url: `/api/accounts/linkedin/user/${alice.user.uid}`,
      headers: { cookie: alice.cookie },
    });
    await reveal(alices.id, admin.cookie, { secret: "recoveryCodes" });
    await loginCode(alices.id, admin.cookie);
    await exportOf(alice.user.uid, admin.cookie, { accountIds: [alices.id] });

    const logs = t.logs();
    expect(logs).toContain('"msg":"account secret revealed"');
    expect(logs).toContain(`"accountIds":[${alices.id}]`);
    const s = secretsFor(1);
    for (const value of [
      s.password,
      s.proxyPassword,
      s.twoFaSecret,
      ...s.recoveryCodes,
      secretsFor(2).password,
      proxyUrl,
    ]) {
      expect(logs).not.toContain(value);
    }
  });

  it("keeps the record when the account is removed, as it read then", async () => {
    const account = await insertAccount(t.database.db, alice.user, secretsFor(7), {
      linkedinEmail: "going@example.test",
    });
    await reveal(account.id, alice.cookie, { secret: "password" });
    await t.database.db.delete(linkedinAccounts).where(eq(linkedinAccounts.id, account.id));
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "secret-revealed"), eq(auditEvents.target, "going@example.test")));
    expect(rows).toHaveLength(1);
    // The log keeps the account's id and label as they were; the account is gone.
    expect(rows[0]).toMatchObject({ targetId: account.id, subjectUserId: alice.user.id, detail: "password" });
  });
});
