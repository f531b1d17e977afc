import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoDataIfEmpty, shouldSeedDemoData } from "../../../src/server/platform/db/demo-seed";
import { users } from "../../../src/server/platform/db/schema";
import { silentLog, testConfig } from "../../support/test-app";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

describe("demo data at start", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const seeder = {
    name: "one demo user",
    calls: 0,
    async seed(target: TestDatabase) {
      this.calls += 1;
      await target.db.insert(users).values({ email: "demo@example.test", name: "Demo" });
    },
  };

  it("fills an empty database once, and leaves one that has users alone", async () => {
    const config = testConfig();
    expect(await seedDemoDataIfEmpty(database, config, [seeder], silentLog)).toBe(true);
    expect(await seedDemoDataIfEmpty(database, config, [seeder], silentLog)).toBe(false);
    expect(seeder.calls).toBe(1);
    expect(await database.db.select().from(users)).toHaveLength(1);
  });

  it("applies only to the embedded database outside production", () => {
    const key = Buffer.alloc(32).toString("base64");
    const prod = testConfig({ NODE_ENV: "production", SECRETS_KEY: key, SMTP_URL: "smtp://127.0.0.1:2525" });
    const dev = testConfig({ NODE_ENV: "development" });
    expect(shouldSeedDemoData(dev, { ...database, kind: "pglite" })).toBe(true);
    expect(shouldSeedDemoData(prod, { ...database, kind: "pglite" })).toBe(false);
    expect(shouldSeedDemoData(dev, { ...database, kind: "postgres" })).toBe(false);
  });
});
