import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT_IN_FIELD_MAP, FieldMapError } from "../../../src/server/features/sync/field-map";
import { syncLocks, syncRuns, twoFactorApps, users } from "../../../src/server/platform/db/schema";
import { createTestApp, TEST_SECRETS_KEY } from "../../support/test-app";
import { signedInUser } from "../../support/users";

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(path.join(tmpdir(), "portal-sync-config-"));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function writeFile(name: string, text: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
}

describe("the field map", () => {
  it("stops the app from starting when AIRTABLE_FIELD_MAP is not a valid map, listing every problem", async () => {
    const map = structuredClone(BUILT_IN_FIELD_MAP) as unknown as {
      tables: Record<string, { table: string; fields: Record<string, string> }>;
    };
    delete map.tables.users?.fields.email;
    if (map.tables.linkedinAccounts) map.tables.linkedinAccounts.fields.favouriteColour = "Colour";
    const file = writeFile("bad-map.json", JSON.stringify(map));
    const started = createTestApp({ env: { AIRTABLE_FIELD_MAP: file } });
    await expect(started).rejects.toThrow(FieldMapError);
    await expect(started).rejects.toThrow(
      [
        `The field map ${file} is not valid:`,
        "  - tables.users.fields.email: is required",
        "  - tables.linkedinAccounts.fields.favouriteColour: is not a portal column",
      ].join("\n"),
    );
    await expect(
      createTestApp({ env: { AIRTABLE_FIELD_MAP: writeFile("not-json.json", "{tables:") } }),
    ).rejects.toThrow("is not valid JSON");
  });

  it("reads the operator's own table and field names from AIRTABLE_FIELD_MAP", async () => {
    const map = structuredClone(BUILT_IN_FIELD_MAP);
    map.tables.users = {
      table: "Customers",
      fields: { uid: "Customer Id", email: "E-mail", name: "Full Name" },
    };
    const mapFile = writeFile("custom-map.json", JSON.stringify(map));
    const source = mkdtempSync(path.join(folder, "export-"));
    writeFileSync(
      path.join(source, "Customers.csv"),
      "Record ID,Customer Id,E-mail,Full Name,Ignored Column\nrecCustomMap000001,uid-custom-1,custom@example.test,Custom Mapped,whatever\n",
    );
    for (const table of ["LinkedIn Accounts", "Profile Optimizations", "Transactions"]) {
      writeFileSync(path.join(source, `${table}.csv`), "Record ID,UID\n");
    }
    const t = await createTestApp({ env: { AIRTABLE_FIELD_MAP: mapFile, SYNC_SOURCE_DIR: source } });
    const { run } = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(run).toMatchObject({ status: "succeeded", synced: 1, errors: 0 });
    const [user] = await t.database.db.select().from(users).where(eq(users.uid, "uid-custom-1"));
    expect(user).toMatchObject({ email: "custom@example.test", name: "Custom Mapped" });
    await t.close();
  });
});

describe("the schedule", () => {
  it("runs an incremental sync, and skips when a run started less than half an interval ago", async () => {
    const t = await createTestApp({ env: { SYNC_INTERVAL_MINUTES: "15" } });
    expect(await t.app.sync.runScheduled()).toBe(true);
    const [run] = await t.database.db.select().from(syncRuns);
    expect(run).toMatchObject({ kind: "incremental", trigger: "schedule", status: "succeeded" });
    expect(await t.app.sync.runScheduled()).toBe(false);

    await t.database.db.update(syncRuns).set({ startedAt: new Date(Date.now() - 8 * 60_000) });
    await t.database.db
      .insert(syncLocks)
      .values({ name: "tables", holder: "elsewhere", expiresAt: new Date(Date.now() + 60_000) });
    // Another instance is running one: this one stands aside quietly.
    expect(await t.app.sync.runScheduled()).toBe(false);
    await t.close();
  });

  it("announces its next run while it is on, and none when SYNC_INTERVAL_MINUTES is 0", async () => {
    const on = await createTestApp({ env: { SYNC_INTERVAL_MINUTES: "15" } });
    const stop = on.app.sync.startBackgroundWork();
    const status = await on.app.sync.importStatus();
    const next = Date.parse(status.nextScheduledRunAt ?? "");
    expect(Math.abs(next - (Date.now() + 15 * 60_000))).toBeLessThan(5_000);
    expect(status.scheduleIntervalMinutes).toBe(15);
    stop();
    expect((await on.app.sync.importStatus()).nextScheduledRunAt).toBeNull();
    await on.close();

    const off = await createTestApp({ env: { SYNC_INTERVAL_MINUTES: "0" } });
    const stopOff = off.app.sync.startBackgroundWork();
    expect((await off.app.sync.importStatus()).nextScheduledRunAt).toBeNull();
    stopOff();
    await off.close();
  });
});

describe("without a source", () => {
  it("answers 503 to a sync in production when neither Airtable nor a folder is configured", async () => {
    const t = await createTestApp({
      env: { NODE_ENV: "production", SECRETS_KEY: TEST_SECRETS_KEY, SMTP_URL: "smtp://127.0.0.1:1" },
    });
    const admin = await signedInUser(t.database.db, t.config, { role: "admin" });
    // Production holds admins to a second factor (REQUIRE_ADMIN_2FA): this one has an authenticator app.
    await t.database.db
      .insert(twoFactorApps)
      .values({ userId: admin.user.id, secretSealed: "sealed", enabledAt: new Date() });
    const res = await t.post("/api/admin/sync-users", {}, { headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatch(/^No sync source is configured/);
    await t.close();
  });
});
