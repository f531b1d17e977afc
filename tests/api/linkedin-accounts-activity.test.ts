import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSecretReveals, syncRuns } from "../../src/server/db/schema";
import { activitySchema } from "../../src/shared/api/linkedin-accounts";
import { insertAccount, secretsFor } from "../support/linkedin-accounts";
import { createTestApp, type TestApp } from "../support/test-app";
import { type SignedInUser, signedInCast, signedInUser } from "../support/users";

describe("GET /api/activity", () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const firstRunAt = minutesAgo(30);

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    ({ alice, bob, admin } = await signedInCast(db, t.config));
    const run = { trigger: "customer", source: "csv" } as const;
    await db.insert(syncRuns).values([
      {
        ...run,
        kind: "user",
        scopeUid: alice.user.uid,
        status: "succeeded",
        synced: 4,
        errors: 1,
        startedAt: firstRunAt,
      },
      {
        ...run,
        kind: "user",
        scopeUid: alice.user.uid,
        status: "failed",
        synced: 0,
        errors: 0,
        startedAt: minutesAgo(10),
      },
      // Not Alice's: Bob's own run, and runs of every customer.
      {
        ...run,
        kind: "user",
        scopeUid: bob.user.uid,
        status: "succeeded",
        synced: 9,
        startedAt: minutesAgo(5),
      },
      { ...run, kind: "full", trigger: "admin", status: "succeeded", synced: 99, startedAt: minutesAgo(3) },
    ]);
  });
  afterAll(() => t.close());

  const activity = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/activity", headers: cookie ? { cookie } : {} });
  const reveal = (id: number, cookie: string, secret: string) =>
    t.post(`/api/accounts/linkedin/${id}/reveal`, { secret }, { headers: { cookie } });

  it("answers 401 when signed out", async () => {
    expect((await activity()).statusCode).toBe(401);
  });

  it("merges the user's syncs and the reveals of their accounts, newest first, and nothing of others'", async () => {
    const mine = await insertAccount(t.database.db, alice.user, secretsFor(1), {
      linkedinEmail: "mine@example.test",
    });
    const named = await insertAccount(t.database.db, alice.user, secretsFor(2), {
      linkedinEmail: null,
      firstName: "Nameonly",
    });
    const bobs = await insertAccount(t.database.db, bob.user, secretsFor(3));
    expect((await reveal(mine.id, alice.cookie, "password")).statusCode).toBe(200);
    expect((await reveal(named.id, admin.cookie, "recoveryCodes")).statusCode).toBe(200);
    expect((await reveal(bobs.id, bob.cookie, "password")).statusCode).toBe(200);

    const res = await activity(alice.cookie);
    expect(res.statusCode).toBe(200);
    const { items } = activitySchema.parse(res.json());
    expect(items.map(({ at: _, ...item }) => item)).toEqual([
      { type: "reveal", secret: "recoveryCodes", account: "Nameonly", accounts: 1, byAnotherUser: true },
      { type: "reveal", secret: "password", account: "mine@example.test", accounts: 1, byAnotherUser: false },
      { type: "sync", kind: "user", status: "failed", synced: 0, errors: 0 },
      { type: "sync", kind: "user", status: "succeeded", synced: 4, errors: 1 },
    ]);
    const times = items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items[3]?.at).toBe(firstRunAt.toISOString());

    const bobsItems = activitySchema.parse((await activity(bob.cookie)).json()).items;
    expect(bobsItems.map((item) => item.type)).toEqual(["reveal", "sync"]);
    expect(JSON.stringify(bobsItems)).not.toContain("mine@example.test");
  });

  it("gives one export of many accounts one item, with how many it covered", async () => {
    const erin = await signedInUser(t.database.db, t.config);
    const accounts = [];
    for (let i = 0; i < 40; i++) {
      accounts.push(
        await insertAccount(t.database.db, erin.user, secretsFor(100 + i), {
          linkedinEmail: `erin-${String(i).padStart(2, "0")}@example.test`,
        }),
      );
    }
    const [first, second] = accounts;
    if (!first || !second) throw new Error("no accounts");
    expect((await reveal(first.id, erin.cookie, "password")).statusCode).toBe(200);
    const exported = await t.post(
      `/api/accounts/linkedin/user/${erin.user.uid}/export-secrets`,
      { accountIds: accounts.map((account) => account.id) },
      { headers: { cookie: erin.cookie } },
    );
    expect(exported.statusCode).toBe(200);
    // A second export of two accounts is an action of its own.
    const again = await t.post(
      `/api/accounts/linkedin/user/${erin.user.uid}/export-secrets`,
      { accountIds: [first.id, second.id] },
      { headers: { cookie: erin.cookie } },
    );
    expect(again.statusCode).toBe(200);
    expect((await reveal(second.id, erin.cookie, "password")).statusCode).toBe(200);

    const { items } = activitySchema.parse((await activity(erin.cookie)).json());
    expect(items.map(({ at: _, ...item }) => item)).toEqual([
      {
        type: "reveal",
        secret: "password",
        account: "erin-01@example.test",
        accounts: 1,
        byAnotherUser: false,
      },
      {
        type: "reveal",
        secret: "export",
        account: "erin-00@example.test",
        accounts: 2,
        byAnotherUser: false,
      },
      {
        type: "reveal",
        secret: "export",
        account: "erin-00@example.test",
        accounts: 40,
        byAnotherUser: false,
      },
      {
        type: "reveal",
        secret: "password",
        account: "erin-00@example.test",
        accounts: 1,
        byAnotherUser: false,
      },
    ]);
  });

  it("shows only the 10 most recent items", async () => {
    const carol = await signedInUser(t.database.db, t.config);
    const account = await insertAccount(
      t.database.db,
      carol.user,
      {},
      { linkedinEmail: "carol@example.test" },
    );
    await t.database.db.insert(accountSecretReveals).values(
      Array.from({ length: 8 }, (_, i) => ({
        actorUserId: carol.user.id,
        ownerUserId: carol.user.id,
        accountId: account.id,
        accountLabel: `reveal-${i}`,
        secret: "password" as const,
        revealedAt: minutesAgo(2 * i + 1),
      })),
    );
    await t.database.db.insert(syncRuns).values(
      Array.from({ length: 8 }, (_, i) => ({
        kind: "user" as const,
        trigger: "customer" as const,
        source: "csv" as const,
        status: "succeeded" as const,
        scopeUid: carol.user.uid,
        synced: i,
        startedAt: minutesAgo(2 * i + 2),
      })),
    );
    const { items } = activitySchema.parse((await activity(carol.cookie)).json());
    // Reveals at 1, 3, 5, ... minutes ago and syncs at 2, 4, 6, ...: the ten newest alternate.
    expect(items.map((item) => (item.type === "reveal" ? item.account : `sync-${item.synced}`))).toEqual([
      "reveal-0",
      "sync-0",
      "reveal-1",
      "sync-1",
      "reveal-2",
      "sync-2",
      "reveal-3",
      "sync-3",
      "reveal-4",
      "sync-4",
    ]);
  });
});
