/**
 * The statements built once per database run as named prepared statements on the embedded database
 * too (db/named-statements.ts): prepared once, then bound and run by name. They must answer as PGlite's
 * own query would, keep its errors, wait for another caller's transaction rather than run inside it,
 * and survive a schema change that alters what they return. On a PostgreSQL server `pg` prepares them
 * itself; the same statements must answer the same there (but for the schema change, see below).
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedPerDatabase } from "../../../src/server/platform/db/prepared";
import { users } from "../../../src/server/platform/db/schema";
import { createTestApp, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

const usersNamed = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.email, sql.placeholder("email")))
    .prepare("test_users_named"),
);
const userCount = preparedPerDatabase((db) =>
  db.select({ rows: count() }).from(users).prepare("test_user_count"),
);
const renameUser = preparedPerDatabase((db) =>
  db
    .update(users)
    .set({ email: sql`${sql.placeholder("email")}` })
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("test_rename_user"),
);

describe("statements built once per database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const namedOnServer = async () => {
    const found = await t.database.db.execute(sql`select name from pg_prepared_statements`);
    return (found as unknown as { rows: Array<{ name: string }> }).rows.map((row) => row.name);
  };

  it("answer with typed rows, by name on the embedded database", async () => {
    const user = await insertUser(t.database.db, { email: "named.one@example.test" });
    for (let i = 0; i < 7; i++) {
      const rows = await usersNamed(t.database.db).execute({ email: "named.one@example.test" });
      expect(rows).toEqual([{ id: user.id, email: "named.one@example.test", createdAt: user.createdAt }]);
      expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    }
    expect(await usersNamed(t.database.db).execute({ email: "nobody@example.test" })).toEqual([]);
    // The embedded database is one session: its named statements show there.
    if (t.database.kind === "pglite") expect((await namedOnServer()).length).toBeGreaterThan(0);
  });

  it("keep the database's errors, and run again after one", async () => {
    const first = await insertUser(t.database.db, { email: "named.first@example.test" });
    await insertUser(t.database.db, { email: "named.second@example.test" });
    const failed = await renameUser(t.database.db)
      .execute({ id: first.id, email: "named.second@example.test" })
      .then(
        () => null,
        (error: { cause?: { code?: string } }) => error.cause?.code,
      );
    expect(failed).toBe("23505");
    await renameUser(t.database.db).execute({ id: first.id, email: "named.renamed@example.test" });
    expect(await usersNamed(t.database.db).execute({ email: "named.renamed@example.test" })).toHaveLength(1);
  });

  it("wait for another caller's transaction instead of running inside it", async () => {
    const before = (await userCount(t.database.db).execute())[0]?.rows;
    let inserted: () => void = () => {};
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = t.database.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email: "named.uncommitted@example.test", name: "Uncommitted" });
        inserted();
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error("rolled back on purpose");
      })
      .catch(() => "rolled back");
    await insertedOnce;
    const counted = (await userCount(t.database.db).execute())[0]?.rows;
    expect(await transaction).toBe("rolled back");
    expect(counted).toBe(before);
  });

  // The embedded database's own handling (named-statements.ts). On a server, `pg` keeps its statements
  // per connection and PostgreSQL refuses such a kept plan; the portal's statements name their columns,
  // so a migration that adds one alters none of them.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "run as written again after a schema change alters what they return",
    async () => {
      const db = t.database.db;
      await db.execute(sql`create table named_probe (id integer primary key)`);
      await db.execute(sql`insert into named_probe values (1)`);
      // "select *": a column added changes the statement's result, which a kept plan refuses.
      const everyColumn = preparedPerDatabase((d) =>
        d.select({ id: sql<number>`*` }).from(sql`named_probe`).prepare("test_named_probe"),
      );
      expect(await everyColumn(db).execute()).toEqual([{ id: 1 }]);
      await db.execute(sql`alter table named_probe add column label text default 'added'`);
      expect(await everyColumn(db).execute()).toEqual([{ id: 1 }]);
    },
  );
});
