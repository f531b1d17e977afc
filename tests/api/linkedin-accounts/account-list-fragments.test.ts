import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountListFragments } from "../../../src/server/features/linkedin-accounts/account-list-fragments";
import { readAccountList } from "../../../src/server/features/linkedin-accounts/accounts-queries";
import type { Database } from "../../../src/server/platform/db/database";
import {
  linkedinAccounts,
  listVersions,
  replacementRequests,
  type UserRow,
} from "../../../src/server/platform/db/schema";
import { linkedinAccountListSchema } from "../../../src/shared/api/linkedin-accounts";
import { insertAccount } from "../../support/linkedin-accounts";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { insertUser } from "../../support/users";

/** The accounts list kept per account: what a read after a change reads again, and what it answers. */
describe("the accounts list kept per account", () => {
  let database: TestDatabase;
  let db: Database;
  let owner: UserRow;
  let other: UserRow;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    owner = await insertUser(db);
    other = await insertUser(db);
    for (let i = 0; i < 6; i++) await insertAccount(db, owner, {}, { notes: `note ${i}` });
    await insertAccount(db, other);
  });
  afterAll(() => database.destroy());

  const versionOf = async (userId: number) => {
    const [row] = await db
      .select({ version: listVersions.version })
      .from(listVersions)
      .where(and(eq(listVersions.list, "accounts"), eq(listVersions.userId, userId)));
    return row?.version ?? 0;
  };
  const changedIds = (text: string) =>
    text === "" ? [] : text.split("\n").map((line) => Number(line.split(" ")[0]));
  const accountIds = async (userId: number) =>
    (
      await db
        .select({ id: linkedinAccounts.id })
        .from(linkedinAccounts)
        .where(eq(linkedinAccounts.userId, userId))
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
  /** The list as a reader that keeps nothing builds it: what every kept list must equal. */
  const wholeList = async (userId: number) => (await createAccountListFragments().read(db, userId)).body;

  it("reads again only the accounts changed since the version it keeps", async () => {
    const [first, second] = await accountIds(owner.id);
    const all = await readAccountList(db, owner.id, -1);
    expect(changedIds(all.changed).sort((a, b) => a - b)).toEqual(await accountIds(owner.id));
    expect(all.version).toBe(await versionOf(owner.id));

    const none = await readAccountList(db, owner.id, all.version);
    expect(none.changed).toBe("");
    expect(none.ids).toBe(all.ids);

    await db
      .update(linkedinAccounts)
      .set({ notes: "changed" })
      .where(eq(linkedinAccounts.id, Number(first)));
    await db
      .update(linkedinAccounts)
      .set({ status: "Banned" })
      .where(eq(linkedinAccounts.id, Number(second)));
    const after = await readAccountList(db, owner.id, all.version);
    expect(after.version).toBe(all.version + 2);
    expect(changedIds(after.changed).sort((a, b) => a - b)).toEqual([first, second]);
    const changed = after.changed.split("\n").map((line) => JSON.parse(line.slice(line.indexOf(" ") + 1)));
    expect(changed.find((account) => account.id === first)?.notes).toBe("changed");
    expect(changed.find((account) => account.id === second)?.status).toBe("Banned");
  });

  it("moves the version on once for a transaction's changes, and stamps each changed account with it", async () => {
    const before = await readAccountList(db, owner.id, -1);
    const [first, second] = await accountIds(owner.id);
    await db.transaction(async (tx) => {
      await tx
        .update(linkedinAccounts)
        .set({ notes: "one" })
        .where(eq(linkedinAccounts.id, Number(first)));
      await tx
        .update(linkedinAccounts)
        .set({ notes: "two" })
        .where(eq(linkedinAccounts.id, Number(second)));
      // An upsert, as the sync writes: its insert and its update share the version too.
      const [row] = await tx
        .select()
        .from(linkedinAccounts)
        .where(eq(linkedinAccounts.id, Number(first)));
      await tx
        .insert(linkedinAccounts)
        .values({ ...row, id: undefined, notes: "three" } as typeof linkedinAccounts.$inferInsert)
        .onConflictDoUpdate({ target: linkedinAccounts.airtableRecordId, set: { notes: "three" } });
    });
    const after = await readAccountList(db, owner.id, before.version);
    expect(after.version).toBe(before.version + 1);
    expect(changedIds(after.changed).sort((a, b) => a - b)).toEqual([first, second]);
    const stamps = await db
      .select({ stamp: linkedinAccounts.listVersion })
      .from(linkedinAccounts)
      .where(sql`${linkedinAccounts.id} in (${first}, ${second})`);
    expect(stamps.map((row) => row.stamp)).toEqual([after.version, after.version]);
    // The next transaction moves it on again.
    await db
      .update(linkedinAccounts)
      .set({ notes: "four" })
      .where(eq(linkedinAccounts.id, Number(first)));
    expect((await readAccountList(db, owner.id, after.version)).version).toBe(after.version + 1);
  });

  it("stamps an account moved to another customer with that customer's version", async () => {
    const before = await readAccountList(db, other.id, -1);
    const [moved] = await accountIds(owner.id);
    await db
      .update(linkedinAccounts)
      .set({ userId: other.id })
      .where(eq(linkedinAccounts.id, Number(moved)));
    const after = await readAccountList(db, other.id, before.version);
    expect(changedIds(after.changed)).toEqual([moved]);
    expect(after.ids.split(",").map(Number)).toContain(moved);
    expect((await readAccountList(db, owner.id, -1)).ids.split(",").map(Number)).not.toContain(moved);
    await db
      .update(linkedinAccounts)
      .set({ userId: owner.id })
      .where(eq(linkedinAccounts.id, Number(moved)));
  });

  it("answers exactly what a whole read answers after every kind of change", async () => {
    const kept = createAccountListFragments();
    const read = async () => {
      const { version, body } = await kept.read(db, owner.id);
      expect(version).toBe(await versionOf(owner.id));
      expect(body).toBe(await wholeList(owner.id));
      return linkedinAccountListSchema.parse(JSON.parse(body));
    };
    const [a, b, c] = await accountIds(owner.id);
    const account = async (id: number | undefined) => (await read()).find((one) => one.id === id);

    expect((await read()).length).toBe(6);
    await db
      .update(linkedinAccounts)
      .set({ headline: 'Says "hi"\nand\tmore' })
      .where(eq(linkedinAccounts.id, Number(a)));
    expect((await account(a))?.headline).toBe('Says "hi"\nand\tmore');

    // An account written newer than the others comes first.
    const added = await insertAccount(db, owner, {}, { createdAt: new Date(Date.now() + 60_000) });
    expect((await read())[0]?.id).toBe(added.id);

    await db.delete(linkedinAccounts).where(eq(linkedinAccounts.id, Number(b)));
    expect(await account(b)).toBeUndefined();

    await db.update(linkedinAccounts).set({ userId: other.id }).where(eq(linkedinAccounts.id, added.id));
    expect(await account(added.id)).toBeUndefined();
    await db.update(linkedinAccounts).set({ userId: owner.id }).where(eq(linkedinAccounts.id, added.id));
    expect((await account(added.id))?.id).toBe(added.id);

    // An open request shows on its account without the account's row changing, and goes once closed.
    const [row] = await db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.id, Number(c)));
    const [request] = await db
      .insert(replacementRequests)
      .values({
        userId: owner.id,
        accountId: row?.id,
        accountRecordId: String(row?.airtableRecordId),
        accountLabel: "label",
        kind: "banned",
        wish: "replacement",
      })
      .returning();
    expect((await account(c))?.openRequest).toEqual({
      id: request?.id,
      status: "submitted",
      wish: "replacement",
    });
    await db
      .update(replacementRequests)
      .set({ status: "replaced" })
      .where(eq(replacementRequests.id, Number(request?.id)));
    expect((await account(c))?.openRequest).toBeNull();

    // A sync that rewrites every row in one statement.
    await db
      .update(linkedinAccounts)
      .set({ location: "Berlin" })
      .where(eq(linkedinAccounts.userId, owner.id));
    expect((await read()).every((one) => one.location === "Berlin")).toBe(true);
  });

  it("reads the whole list again when the version went back, as after restoring a backup", async () => {
    const kept = createAccountListFragments();
    await kept.read(db, owner.id);
    const [first] = await accountIds(owner.id);
    await db
      .update(listVersions)
      .set({ version: sql`1` })
      .where(and(eq(listVersions.list, "accounts"), eq(listVersions.userId, owner.id)));
    await db
      .update(linkedinAccounts)
      .set({ notes: "after the restore" })
      .where(eq(linkedinAccounts.id, Number(first)));
    const { version, body } = await kept.read(db, owner.id);
    expect(version).toBe(2);
    expect(body).toBe(await wholeList(owner.id));
    expect(linkedinAccountListSchema.parse(JSON.parse(body)).find((one) => one.id === first)?.notes).toBe(
      "after the restore",
    );
  });

  it("keeps lists up to its size, and reads the one read least recently whole again", async () => {
    const second = await insertUser(db);
    await insertAccount(db, second);
    const sizes = await Promise.all([owner.id, second.id].map(async (id) => (await wholeList(id)).length));
    const small = createAccountListFragments(Math.max(...sizes));
    const large = createAccountListFragments();
    for (const kept of [small, large]) {
      await kept.read(db, owner.id);
      await kept.read(db, second.id);
    }
    // A change the stamps do not show: only a list read whole sees it.
    const [first] = await accountIds(owner.id);
    await db.execute(sql`alter table linkedin_accounts disable trigger linkedin_accounts_stamp_list_version`);
    try {
      await db
        .update(linkedinAccounts)
        .set({ notes: "unstamped" })
        .where(eq(linkedinAccounts.id, Number(first)));
      await db
        .update(listVersions)
        .set({ version: sql`${listVersions.version} + 1` })
        .where(and(eq(listVersions.list, "accounts"), eq(listVersions.userId, owner.id)));
    } finally {
      await db.execute(
        sql`alter table linkedin_accounts enable trigger linkedin_accounts_stamp_list_version`,
      );
    }
    const notesOf = async (kept: typeof small) =>
      linkedinAccountListSchema
        .parse(JSON.parse((await kept.read(db, owner.id)).body))
        .find((one) => one.id === first)?.notes;
    expect(await notesOf(small)).toBe("unstamped");
    expect(await notesOf(large)).not.toBe("unstamped");
  });

  it("answers an empty list for a customer without accounts", async () => {
    const nobody = await insertUser(db);
    expect(await createAccountListFragments().read(db, nobody.id)).toEqual({ version: 0, body: "[]" });
  });
});
