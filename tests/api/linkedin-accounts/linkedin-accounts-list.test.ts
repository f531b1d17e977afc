import { gunzipSync } from "node:zlib";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkedinAccounts, listVersions } from "../../../src/server/platform/db/schema";
import { linkedinAccountListSchema, linkedinAccountSchema } from "../../../src/shared/api/linkedin-accounts";
import { insertAccount, secretsFor } from "../../support/linkedin-accounts";
import { createTestApp, type TestApp } from "../../support/test-app";
import { type SignedInUser, signedInCast, signedInUser } from "../../support/users";

describe("GET /api/accounts/linkedin/user/:uid", () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  const proxyUrl = "http://proxy-user:Proxy-Secret-1-xk@203.0.113.7:8080";
  // Filled in as the accounts are written.
  const ids = { oldest: 0, newest: 0, middle: 0, sameTimeLow: 0, sameTimeHigh: 0 };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    ({ alice, bob, admin } = await signedInCast(db, t.config));
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    ids.oldest = (
      await insertAccount(db, alice.user, secretsFor(1), { createdAt: hoursAgo(5), proxyUrl })
    ).id;
    ids.newest = (
      await insertAccount(
        db,
        alice.user,
        {},
        {
          createdAt: hoursAgo(1),
          accountType: "navigator",
          status: "Signed In",
          firstName: "Nora",
          lastName: "Newest",
          linkedinEmail: "nora@example.test",
          isPremium: true,
          connectionsCount: 512,
          followers: 40,
          proxyCountry: "DE",
          proxyIp: "198.51.100.4",
          proxyPort: "3128",
          proxyUsername: "nora-proxy",
          proxyZoneName: "zone-de",
          twoFaStatus: "enabled",
        },
      )
    ).id;
    ids.middle = (await insertAccount(db, alice.user, secretsFor(2), { createdAt: hoursAgo(3) })).id;
    // Two accounts created at the same instant come newest id first.
    const same = hoursAgo(4);
    ids.sameTimeLow = (await insertAccount(db, alice.user, {}, { createdAt: same })).id;
    ids.sameTimeHigh = (await insertAccount(db, alice.user, {}, { createdAt: same })).id;
    await insertAccount(db, bob.user, secretsFor(3), { linkedinEmail: "bobs-account@example.test" });
  });
  afterAll(() => t.close());

  const list = (uid: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "GET",
      url: `/api/accounts/linkedin/user/${uid}`,
      headers: cookie ? { cookie, ...headers } : headers,
    });

  it("answers the user's own accounts, newest first, with exactly the contract's fields", async () => {
    const res = await list(alice.user.uid, alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const accounts = linkedinAccountListSchema.parse(res.json());
    expect(accounts.map((a) => a.id)).toEqual([
      ids.newest,
      ids.middle,
      ids.sameTimeHigh,
      ids.sameTimeLow,
      ids.oldest,
    ]);
    for (const account of res.json() as object[]) {
      expect(Object.keys(account).sort()).toEqual(Object.keys(linkedinAccountSchema.shape).sort());
    }

    const [newest, middle] = accounts;
    expect(newest).toMatchObject({
      accountType: "navigator",
      status: "Signed In",
      firstName: "Nora",
      lastName: "Newest",
      linkedinEmail: "nora@example.test",
      isPremium: true,
      isVerified: false,
      connectionsCount: 512,
      followers: 40,
      proxyCountry: "DE",
      proxyIp: "198.51.100.4",
      proxyPort: "3128",
      proxyUsername: "nora-proxy",
      proxyZoneName: "zone-de",
      twoFaStatus: "enabled",
      hasPassword: false,
      hasProxyPassword: false,
      hasTwoFaSecret: false,
      twoFaRecoveryCodeCount: 0,
    });
    expect(middle).toMatchObject({
      hasPassword: true,
      hasProxyPassword: true,
      hasTwoFaSecret: true,
      twoFaRecoveryCodeCount: 3,
    });
    const [row] = await t.database.db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.id, ids.newest));
    expect(newest?.createdAt).toBe(row?.createdAt.toISOString());
    expect(newest?.lastSyncedAt).toBe(row?.lastSyncedAt.toISOString());
  });

  it("puts no secret and no proxy URL in the answer", async () => {
    const res = await list(alice.user.uid, alice.cookie);
    const secrets = [secretsFor(1), secretsFor(2)];
    for (const value of [
      ...secrets.flatMap((s) => [s.password, s.proxyPassword, s.twoFaSecret, ...s.recoveryCodes]),
      proxyUrl,
    ]) {
      expect(res.body).not.toContain(value);
    }
    expect(res.body).not.toContain("proxyUrl");
    expect(res.body).not.toContain("Encrypted");
  });

  it("refuses another customer's uid with 403 and nothing else", async () => {
    for (const uid of [bob.user.uid, "no-such-uid"]) {
      const res = await list(uid, alice.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: "You can only view your own accounts" });
      expect(res.headers.etag).toBeUndefined();
    }
  });

  it("lets an admin read any customer's list, and an unknown uid as empty", async () => {
    const asAlice = await list(alice.user.uid, alice.cookie);
    const asAdmin = await list(alice.user.uid, admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.body).toBe(asAlice.body);
    const bobs = linkedinAccountListSchema.parse((await list(bob.user.uid, admin.cookie)).json());
    expect(bobs.map((a) => a.linkedinEmail)).toEqual(["bobs-account@example.test"]);
    const unknown = await list("no-such-uid", admin.cookie);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
  });

  it("answers 401 when signed out, and 400 for a uid that cannot be one", async () => {
    const signedOut = await list(alice.user.uid);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: "Not authenticated" });
    const tooLong = await list("x".repeat(37), alice.cookie);
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json())).toEqual(["error"]);
    for (const uid of ["%00", "a%00b", "%07"]) {
      const controlled = await list(uid, alice.cookie);
      expect(controlled.statusCode, uid).toBe(400);
      expect(controlled.json()).toEqual({ error: "uid: must not contain control characters" });
    }
    expect(t.logs()).not.toContain('"level":50');
  });

  it("tags the list with the customer's list version, hashing no body, and lets no cache keep it", async () => {
    const res = await list(alice.user.uid, alice.cookie);
    const [row] = await t.database.db
      .select({ version: listVersions.version })
      .from(listVersions)
      .where(and(eq(listVersions.list, "accounts"), eq(listVersions.userId, alice.user.id)));
    expect(row?.version).toBeGreaterThan(0);
    expect(res.headers.etag).toMatch(new RegExp(`^"acc1\\.${row?.version}\\.[\\w-]+"$`));
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers 304 with no body while the list is unchanged, and 200 with a new ETag once it changes", async () => {
    const first = await list(alice.user.uid, alice.cookie);
    const etag = String(first.headers.etag);

    for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`, "*"]) {
      const unchanged = await list(alice.user.uid, alice.cookie, { "if-none-match": ifNoneMatch });
      expect(unchanged.statusCode, ifNoneMatch).toBe(304);
      expect(unchanged.body).toBe("");
      expect(unchanged.headers.etag).toBe(etag);
    }
    const otherTag = await list(alice.user.uid, alice.cookie, { "if-none-match": '"something-else"' });
    expect(otherTag.statusCode).toBe(200);
    expect(otherTag.body).toBe(first.body);

    await t.database.db
      .update(linkedinAccounts)
      .set({ status: "Wrong Password" })
      .where(eq(linkedinAccounts.id, ids.middle));
    const changed = await list(alice.user.uid, alice.cookie, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const middle = linkedinAccountListSchema.parse(changed.json()).find((a) => a.id === ids.middle);
    expect(middle?.status).toBe("Wrong Password");
  });

  it("notices an account removed or handed to another customer, and one added by another instance", async () => {
    const carol = await signedInUser(t.database.db, t.config);
    const dave = await signedInUser(t.database.db, t.config);
    const kept = await insertAccount(t.database.db, carol.user, {}, { linkedinEmail: "kept@example.test" });
    const moved = await insertAccount(t.database.db, carol.user, {}, { linkedinEmail: "moved@example.test" });
    const emails = (res: { json(): unknown }) =>
      linkedinAccountListSchema.parse(res.json()).map((account) => account.linkedinEmail);
    const read = async (who: typeof carol, etag?: string) =>
      list(who.user.uid, who.cookie, etag ? { "if-none-match": etag } : {});

    const first = await read(carol);
    expect(emails(first)).toEqual(["moved@example.test", "kept@example.test"]);
    const daveFirst = await read(dave);
    expect(emails(daveFirst)).toEqual([]);

    await t.database.db
      .update(linkedinAccounts)
      .set({ userId: dave.user.id })
      .where(eq(linkedinAccounts.id, moved.id));
    const afterMove = await read(carol, String(first.headers.etag));
    expect(afterMove.statusCode).toBe(200);
    expect(emails(afterMove)).toEqual(["kept@example.test"]);
    const daveAfterMove = await read(dave, String(daveFirst.headers.etag));
    expect(daveAfterMove.statusCode).toBe(200);
    expect(emails(daveAfterMove)).toEqual(["moved@example.test"]);

    await t.database.db.delete(linkedinAccounts).where(eq(linkedinAccounts.id, kept.id));
    const afterDelete = await read(carol, String(afterMove.headers.etag));
    expect(afterDelete.statusCode).toBe(200);
    expect(emails(afterDelete)).toEqual([]);

    // A second instance on the same database: its lists are its own, the versions are the database's.
    const other = await createTestApp({ database: t.database });
    try {
      const seen = await other.app.inject({
        url: `/api/accounts/linkedin/user/${carol.user.uid}`,
        headers: { cookie: carol.cookie },
      });
      expect(seen.headers.etag).toBe(afterDelete.headers.etag);
      await insertAccount(t.database.db, carol.user, {}, { linkedinEmail: "added@example.test" });
      const afterAdd = await read(carol, String(afterDelete.headers.etag));
      expect(afterAdd.statusCode).toBe(200);
      expect(emails(afterAdd)).toEqual(["added@example.test"]);
    } finally {
      await other.close();
    }
  });

  it("gzips the list for a browser that accepts it, as a representation with its own ETag", async () => {
    const plain = await list(alice.user.uid, alice.cookie);
    const zipped = await list(alice.user.uid, alice.cookie, { "accept-encoding": "gzip, deflate, br" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    expect(gunzipSync(zipped.rawPayload).toString("utf8")).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);

    const again = await list(alice.user.uid, alice.cookie, {
      "accept-encoding": "gzip",
      "if-none-match": String(zipped.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    const refused = await list(alice.user.uid, alice.cookie, { "accept-encoding": "gzip;q=0, identity" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it("does not answer 304 to a caller who may not see the list", async () => {
    const etag = String((await list(alice.user.uid, alice.cookie)).headers.etag);
    const res = await list(alice.user.uid, bob.cookie, { "if-none-match": etag });
    expect(res.statusCode).toBe(403);
  });
});
