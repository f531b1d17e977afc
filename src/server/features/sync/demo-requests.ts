/**
 * The demo customer's replacement requests (decision 040): one in each state, so the requests page
 * and the accounts' request badges show something on a new embedded database. They are written to
 * the demo's operator base (`DATA_DIR/operator-base/`) through the normal write-back, each with its
 * status and the operator's answer, so a later sync reads back what the portal holds.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { accountLabel } from "../../../shared/account-label";
import type { RequestKind, RequestStatus, RequestWish } from "../../../shared/api/replacement-requests";
import { createRecordSource, operatorBaseDir } from "../../platform/adapters/create-adapters";
import type { DemoSeeder } from "../../platform/db/demo-seed";
import { linkedinAccounts, replacementRequests, users } from "../../platform/db/schema";
import { createOutbox } from "../../platform/outbox/outbox";
import { loadFieldMap } from "./field-map";
import { createRequestWriteBack } from "./request-write-back";

/** The demo customer's record in the demo folder. */
const DEMO_CUSTOMER_RECORD = "recDemoCustomer01";
const DAY = 24 * 60 * 60_000;

interface DemoRequest {
  kind: RequestKind;
  wish: RequestWish;
  note: string;
  status: RequestStatus;
  operatorNote?: string;
  /** Replaced by the account this many places further in the customer's list. */
  replacedBy?: number;
  daysAgo: number;
}

const DEMO_REQUESTS: DemoRequest[] = [
  {
    kind: "wrong_password",
    wish: "fix",
    note: "The password stopped working this morning.",
    status: "submitted",
    daysAgo: 0.2,
  },
  {
    kind: "restricted",
    wish: "replacement",
    note: "LinkedIn asks for an ID document at every sign-in.",
    status: "in_progress",
    operatorNote: "We are checking the account with LinkedIn support.",
    daysAgo: 2,
  },
  {
    kind: "wrong_password",
    wish: "fix",
    note: "",
    status: "fixed",
    operatorNote: "New password set.",
    daysAgo: 6,
  },
  {
    kind: "banned",
    wish: "replacement",
    note: "The profile shows as unavailable.",
    status: "replaced",
    operatorNote: "Replaced with a new account of the same type.",
    replacedBy: 1,
    daysAgo: 12,
  },
  {
    kind: "other",
    wish: "replacement",
    note: "I would prefer an account located in Germany.",
    status: "declined",
    operatorNote: "The account works as ordered; a change of location is a new order.",
    daysAgo: 20,
  },
  { kind: "other", wish: "fix", note: "Slow to load, but it is fine now.", status: "withdrawn", daysAgo: 25 },
];

export const demoRequestsSeeder: DemoSeeder = {
  name: "demo replacement requests",
  async seed(database, config, log) {
    const db = database.db;
    const [customer] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.airtableRecordId, DEMO_CUSTOMER_RECORD));
    if (!customer) return;
    const accounts = await db
      .select()
      .from(linkedinAccounts)
      .where(eq(linkedinAccounts.userId, customer.id))
      .orderBy(asc(linkedinAccounts.id));
    if (accounts.length < DEMO_REQUESTS.length * 2) return;

    const fieldMap = await loadFieldMap(config.airtableFieldMapPath);
    const map = fieldMap.tables.replacementRequests;
    // An empty database: a requests file left in the data folder from an earlier one names requests
    // that no longer exist (the operator's own folder, SYNC_SOURCE_DIR, is never cleared).
    if (!config.syncSourceDir)
      await rm(path.join(operatorBaseDir(config), `${map.table}.csv`), { force: true });
    const source = createRecordSource(config, db, fieldMap.csv, {
      table: map.table,
      fields: Object.values(map.fields),
    });
    const outbox = createOutbox(db, log);
    const writeBack = createRequestWriteBack(db, outbox, source, fieldMap, log);

    const now = Date.now();
    await db.transaction(async (tx) => {
      // Oldest first, so the newest request has the highest id, as it would have been made.
      const ordered = DEMO_REQUESTS.map((request, n) => ({ request, n })).reverse();
      for (const { request, n } of ordered) {
        // Every other account, so a replacement names an account that is not itself reported.
        const account = accounts[n * 2];
        if (!account) continue;
        const replacement =
          request.replacedBy === undefined ? undefined : accounts[n * 2 + request.replacedBy];
        const createdAt = new Date(now - request.daysAgo * DAY);
        const [row] = await tx
          .insert(replacementRequests)
          .values({
            userId: customer.id,
            accountId: account.id,
            accountRecordId: account.airtableRecordId,
            accountLabel: accountLabel(account),
            kind: request.kind,
            wish: request.wish,
            note: request.note,
            status: request.status,
            operatorNote: request.operatorNote ?? null,
            replacementRecordId: replacement?.airtableRecordId ?? null,
            createdAt,
            updatedAt: createdAt,
            statusChangedAt: new Date(createdAt.getTime() + Math.min(request.daysAgo * DAY, DAY) / 2),
          })
          .returning({ id: replacementRequests.id });
        if (row) await writeBack.enqueue(tx, row.id);
      }
    });
    await outbox.drain();
    await outbox.close();
  },
};
