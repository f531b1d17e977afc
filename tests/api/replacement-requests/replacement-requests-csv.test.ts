/**
 * Replacement requests on a CSV folder source (decision 040): the portal writes the requests' file in
 * a writable folder, the operator edits it, and the next sync reads their answer back. The demo
 * folder that ships with the code is never written.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { linkedinAccounts, replacementRequests, users } from "../../../src/server/platform/db/schema";
import { createSession } from "../../../src/server/platform/http/session-store";
import { demoDataDir } from "../../../src/server/platform/paths";
import { toCsv } from "../../../src/shared/csv/csv-cell";
import { insertAccount } from "../../support/linkedin-accounts";
import { createTestApp, type TestApp } from "../../support/test-app";
import { signedInUser } from "../../support/users";

const FILE = "Replacement Requests.csv";
const UID = "csv-customer-1";

function writeFolder(dir: string): void {
  const files: Record<string, string> = {
    "Users.csv": `UID,Email,Name,Record ID,Last Modified\r\n${UID},csv@example.test,Casey Csv,recUSER0000000001,2026-11-01T00:00:00.000Z\r\n`,
    "LinkedIn Accounts.csv":
      "UID,Account Type,First Name,Last Name,LinkedIn Email,Status,Record ID,Last Modified\r\n" +
      `${UID},lite,Rita,Restricted,rita@li.example,Restricted - Submit ID,recACCT0000000001,2026-11-01T00:00:00.000Z\r\n` +
      `${UID},plus,Nova,New,nova@li.example,Signed In,recACCT0000000002,2026-11-01T00:00:00.000Z\r\n`,
    "Profile Optimizations.csv": "UID,Record ID,Last Modified\r\n",
    "Transactions.csv": "UID,Record ID,Last Modified\r\n",
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
}

const readRows = (file: string) =>
  parse(readFileSync(file, "utf8"), { columns: true, bom: true }) as Array<Record<string, string>>;

describe("replacement requests on a CSV folder", () => {
  const dirs: string[] = [];
  let t: TestApp | undefined;
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("writes the request to the folder's requests file, and reads the operator's edit back", async () => {
    const folder = tempDir("portal-csv-source-");
    writeFolder(folder);
    t = await createTestApp({ env: { SYNC_SOURCE_DIR: folder, DATA_DIR: tempDir("portal-csv-data-") } });
    const db = t.database.db;
    // No requests file yet: the table reads empty, and the run succeeds.
    const first = await t.app.sync.run({ kind: "full", trigger: "admin" });
    expect(first.run.status).toBe("succeeded");
    expect(first.tables.replacementRequests).toMatchObject({ processed: 0, errors: 0 });
    expect(existsSync(path.join(folder, FILE))).toBe(false);

    const [user] = await db.select().from(users).where(eq(users.uid, UID));
    const [restricted] = await db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.airtableRecordId, "recACCT0000000001"));
    const { token } = await createSession(db, t.config.session, user?.id ?? 0);
    const cookie = `${t.config.session.cookieName}=${token}`;
    const res = await t.post(
      "/api/replacement-requests",
      { accountId: restricted?.id, kind: "restricted", wish: "replacement", note: "Asks for ID, twice" },
      { headers: { cookie } },
    );
    expect(res.statusCode).toBe(201);
    const id: number = res.json().id;
    await t.app.outbox.drain();

    const file = path.join(folder, FILE);
    const [row, ...others] = readRows(file);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      "Portal Request ID": String(id),
      UID,
      "Account Record ID": "recACCT0000000001",
      Account: "Rita Restricted",
      Kind: "Restricted or asks for ID",
      Wish: "Replacement",
      Note: "Asks for ID, twice",
      Status: "Submitted",
      "Operator Note": "",
    });
    expect(row?.["Record ID"]).toMatch(/^rec[A-Za-z0-9]{14}$/);
    expect(Date.parse(row?.["Last Modified"] ?? "")).not.toBeNaN();
    const [stored] = await db.select().from(replacementRequests).where(eq(replacementRequests.id, id));
    expect(stored?.airtableRecordId).toBe(row?.["Record ID"]);
    // Nothing else in the folder was written, and no temporary file is left behind.
    expect(readFileSync(path.join(folder, "Users.csv"), "utf8")).toContain("Casey Csv");
    expect(readdirSync(folder).filter((name) => name.endsWith(".tmp"))).toEqual([]);

    // The operator replaces the account with another of the customer's, in the file.
    const edited: Array<Record<string, string>> = readRows(file).map((r) => ({
      ...r,
      Status: "replaced",
      "Operator Note": "New account on its way",
      "Replacement Account Record ID": "recACCT0000000002",
      "Last Modified": new Date(Date.now() + 1000).toISOString(),
    }));
    const header = Object.keys(edited[0] ?? {});
    writeFileSync(file, toCsv([header, ...edited.map((r) => header.map((h) => r[h] ?? ""))]));
    const again = await t.app.sync.run({ kind: "incremental", trigger: "schedule" });
    expect(again.run.status).toBe("succeeded");
    const [answered] = await db.select().from(replacementRequests).where(eq(replacementRequests.id, id));
    expect(answered).toMatchObject({
      status: "replaced",
      operatorNote: "New account on its way",
      replacementRecordId: "recACCT0000000002",
    });
    const list = await t.app.inject({ method: "GET", url: "/api/replacement-requests", headers: { cookie } });
    expect(list.json().requests[0]).toMatchObject({
      status: "replaced",
      replacementAccount: { label: "Nova New" },
    });
    // The first app of the file also builds the test database's template.
  }, 60_000);

  it("keeps the demo folder untouched: the requests file goes to the data folder's operator base", async () => {
    const dataDir = tempDir("portal-csv-demo-data-");
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
    const demoFile = path.join(demoDataDir, FILE);
    const demoBefore = existsSync(demoFile) ? statSync(demoFile).mtimeMs : null;
    const alice = await signedInUser(t.database.db, t.config);
    const account = await insertAccount(t.database.db, alice.user, {}, { status: "Wrong Password" });
    const res = await t.post(
      "/api/replacement-requests",
      { accountId: account.id, kind: "wrong_password", wish: "fix" },
      { headers: { cookie: alice.cookie } },
    );
    expect(res.statusCode).toBe(201);
    await t.app.outbox.drain();
    const rows = readRows(path.join(dataDir, "operator-base", FILE));
    expect(rows).toMatchObject([{ "Portal Request ID": String(res.json().id), Status: "Submitted" }]);
    expect(existsSync(demoFile) ? statSync(demoFile).mtimeMs : null).toBe(demoBefore);
    // The customers' table of the demo folder takes no write-back.
    expect(t.app.sync.source?.writableTables).toEqual(["Replacement Requests"]);
  }, 60_000);
});
