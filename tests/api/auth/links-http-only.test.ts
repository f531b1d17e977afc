/**
 * Migration 0031: links stored before the sync took only http and https ones are dropped, the good
 * ones kept. Its statements are run again on a database holding such rows (each is an idempotent
 * update), on both databases.
 */
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { linkedinAccounts, users } from "../../../src/server/platform/db/schema";
import { insertAccount } from "../../support/linkedin-accounts";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { insertUser } from "../../support/users";

const MIGRATION = readFileSync(
  new URL("../../../src/server/platform/db/migrations/0031_links_http_only.sql", import.meta.url),
  "utf8",
);

describe("links that are not http or https", () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.destroy();
  });

  it("are dropped from customers and accounts, and web links are kept", async () => {
    const { db } = database;
    const bad = await insertUser(db, {
      onboardingUrl: "javascript:alert(document.cookie)",
      optimizationUrl: "https://forms.example.test/opt",
      profileImageUrl: "data:image/svg+xml,<svg onload=alert(1)>",
    });
    const good = await insertUser(db, { onboardingUrl: "HTTP://onboarding.example.test/x" });
    const badAccount = await insertAccount(db, bad, {}, { profileUrl: "JavaScript:alert(1)" });
    const goodAccount = await insertAccount(db, bad, {}, { profileUrl: "https://www.linkedin.com/in/ann" });

    for (const statement of MIGRATION.split("--> statement-breakpoint")) {
      await db.execute(sql.raw(statement));
    }

    const [badAfter] = await db.select().from(users).where(eq(users.id, bad.id));
    expect(badAfter).toMatchObject({
      onboardingUrl: null,
      optimizationUrl: "https://forms.example.test/opt",
      profileImageUrl: null,
    });
    const [goodAfter] = await db.select().from(users).where(eq(users.id, good.id));
    expect(goodAfter?.onboardingUrl).toBe("HTTP://onboarding.example.test/x");
    const accounts = await db.select().from(linkedinAccounts);
    expect(accounts.find((a) => a.id === badAccount.id)?.profileUrl).toBeNull();
    expect(accounts.find((a) => a.id === goodAccount.id)?.profileUrl).toBe("https://www.linkedin.com/in/ann");
  });
});
