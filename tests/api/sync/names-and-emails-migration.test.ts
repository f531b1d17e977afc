/**
 * Migration 0034 on a database that holds what Google and the base could store before: names with
 * control, invisible and text-direction characters, and emails that are not one plain address. Its
 * statements are run again on such a database, on both databases.
 */
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { users } from "../../../src/server/platform/db/schema";
import { cleanedName } from "../../../src/shared/api/outside-identity";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { insertUser } from "../../support/users";

const STATEMENTS = readFileSync(
  new URL("../../../src/server/platform/db/migrations/0034_outside_names_and_emails.sql", import.meta.url),
  "utf8",
).split("--> statement-breakpoint");

describe("migration 0034", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.destroy();
  });

  it("cleans stored names as a sign-in from Google now does, and retires emails that are not one plain address", async () => {
    const { db } = database;
    expect(STATEMENTS).toHaveLength(2);
    const names = [
      "Ann\u202eyelsew\u202c Lee",
      "Zero\u200bWidth\ufeff",
      "Line\r\nBreak\tTab",
      "Bell\u0007Esc\u001b[2J",
      "  C1\u0085Next  ",
      "Zoë Ångström",
    ];
    const named = [];
    for (const name of names) named.push(await insertUser(db, { name }));
    const empty = await insertUser(db, { name: "\u200b\u202e", email: `left${Date.now()}@example.com` });
    const emails = [
      "x@example.com\r\nBcc: injected@evil.example",
      "one@example.com, two@example.com",
      "Ann <ann@example.com>",
      "two@@example.com",
      "no-at-sign",
      "zero\u200bwidth@example.com",
    ];
    const mailed = [];
    for (const email of emails) mailed.push(await insertUser(db, { email, emailVerifiedAt: new Date() }));
    const plain = await insertUser(db, {
      email: "Plain.Person+tag@example.com",
      emailVerifiedAt: new Date(),
    });

    for (const statement of STATEMENTS) await db.execute(sql.raw(statement));

    const row = async (id: number) => (await db.select().from(users).where(eq(users.id, id)))[0];
    for (const [i, user] of named.entries()) {
      expect((await row(user.id))?.name, JSON.stringify(names[i])).toBe(cleanedName(names[i]));
    }
    expect((await row(empty.id))?.name).toBe(empty.email.split("@")[0]);
    for (const user of mailed) {
      expect(await row(user.id)).toMatchObject({
        email: `unusable-${user.id}@unusable.invalid`,
        emailVerifiedAt: null,
      });
    }
    expect(await row(plain.id)).toMatchObject({ email: plain.email, emailVerifiedAt: plain.emailVerifiedAt });
  });
});
