/**
 * Starts the built portal for the browser tests: a new embedded database in a temporary DATA_DIR,
 * migrated and given the test users with their sessions and LinkedIn accounts (written directly, as
 * only the tests of sign-in should go through the sign-in screens), then `node dist/server/main.js`
 * on it, with a fixed SECRETS_KEY so the accounts' sealed secrets open.
 *
 * The server's sync source is a copy of the demo CSV folder with the test customers' accounts added:
 * a full sync removes the accounts its source no longer has, so the admin test's Start User Sync would
 * otherwise delete the accounts other tests are looking at.
 */
import { spawn } from "node:child_process";
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashPassword } from "../../../src/server/features/auth/password";
import { openDatabase } from "../../../src/server/platform/db/client";
import {
  linkedinAccounts,
  notifications,
  outboxJobs,
  sessions,
  subscriptions,
  transactions,
  users,
} from "../../../src/server/platform/db/schema";
import { demoDataDir } from "../../../src/server/platform/paths";
import { createSecretBox } from "../../../src/server/platform/secrets/secret-box";
import { hashSecretToken } from "../../../src/server/platform/secrets/secret-token";
import { startTestIssuer } from "../../fakes/oidc-issuer";
import { sealedSecretColumns } from "../../support/builders";
import {
  E2E_SECRETS_KEY,
  type E2eAccount,
  manyAccounts,
  ownerAccounts,
  proverAccounts,
  registeredFirstSourceAccounts,
  requesterAccounts,
  revealerAccounts,
  syncerSourceAccounts,
} from "./e2e-accounts";
import { e2eNotificationsFor } from "./e2e-notifications";
import { addOptimizationsToSyncSource, insertOptimizations } from "./e2e-optimizations";
import {
  E2E_BUYER_DETAILS,
  e2eStrayPayments,
  latePayerBilling,
  longHistory,
  ownerTransactions,
} from "./e2e-transactions";
import { E2E_GOOGLE_CLIENT_ID } from "./google-issuer";
import { e2eSyncSourceDir } from "./sync-source";
import {
  DISPOSABLE_SESSIONS_PER_USER,
  disposableSessionToken,
  type E2eUserKey,
  e2eImportedUsers,
  e2eUsers,
} from "./users";

// Picked free by playwright.config.ts, which starts this script.
const port = process.env.E2E_PORT;
if (!port) throw new Error("E2E_PORT is not set: start the browser tests with `npx playwright test`");
const dataDir = mkdtempSync(path.join(tmpdir(), "portal-e2e-"));
// Named like the demo folder: the admin page shows the source folder's name. Its parent is picked by
// playwright.config.ts, so that a test can play the operator, editing the replacement requests the
// portal writes there (sync-source.ts).
const sourceDir = e2eSyncSourceDir();

/** Whose accounts are in the database from the start, and whose are only in the sync source. */
const accountsInDatabase: Partial<Record<E2eUserKey, E2eAccount[]>> = {
  accountsOwner: ownerAccounts,
  manyAccounts,
  revealer: revealerAccounts,
  prover: proverAccounts,
  requesterDesktop: requesterAccounts("Desk"),
  requesterPhone: requesterAccounts("Phone"),
};
const accountsInSource: Partial<Record<E2eUserKey, E2eAccount[]>> = {
  ...accountsInDatabase,
  syncer: syncerSourceAccounts,
  registeredFirst: registeredFirstSourceAccounts,
};

function uidOf(key: E2eUserKey): string {
  const spec = e2eUsers[key];
  if (!("uid" in spec)) throw new Error(`the e2e user ${key} needs a fixed uid to own accounts`);
  return spec.uid;
}

const database = await openDatabase({ kind: "pglite", dataDir });
await database.migrate();
const day = 24 * 3_600_000;
const userIds = new Map<E2eUserKey, number>();
for (const key of Object.keys(e2eUsers) as E2eUserKey[]) {
  const spec = e2eUsers[key];
  const [user] = await database.db
    .insert(users)
    .values({
      email: spec.email,
      name: spec.name,
      username: spec.username,
      role: spec.role,
      // Verified unless a test is about verifying (decision 016).
      emailVerifiedAt: "emailVerified" in spec ? null : new Date(),
      ...("password" in spec ? { passwordHash: await hashPassword(spec.password) } : {}),
      ...("uid" in spec ? { uid: spec.uid } : {}),
      ...("onboardingUrl" in spec ? { onboardingUrl: spec.onboardingUrl } : {}),
      ...("optimizationUrl" in spec ? { optimizationUrl: spec.optimizationUrl } : {}),
    })
    .returning();
  if (!user) throw new Error("could not create e2e user");
  userIds.set(key, user.id);
  const tokens: string[] = [spec.sessionToken];
  for (let i = 0; i < DISPOSABLE_SESSIONS_PER_USER; i++) tokens.push(disposableSessionToken(key, i));
  await database.db.insert(sessions).values(
    tokens.map((token) => ({
      tokenHash: hashSecretToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + day),
      // Proven at the start of the run, which STEP_UP_MINUTES below keeps fresh, or long ago.
      provenAt: new Date(Date.now() - ("provenHoursAgo" in spec ? spec.provenHoursAgo * 3_600_000 : 0)),
    })),
  );
}
// Customers imported from the operator's base who have not claimed their record: no password, no session.
await database.db
  .insert(users)
  .values(Object.values(e2eImportedUsers).map(({ email, name }) => ({ email, name })));

// The accounts as the sync would have written them: secrets sealed, recovery codes one per line.
const box = createSecretBox([Buffer.from(E2E_SECRETS_KEY, "base64")]);
for (const [key, accounts] of Object.entries(accountsInDatabase) as Array<[E2eUserKey, E2eAccount[]]>) {
  const userId = userIds.get(key);
  if (userId === undefined) throw new Error(`no e2e user ${key}`);
  const uid = uidOf(key);
  for (let i = 0; i < accounts.length; i += 500) {
    await database.db.insert(linkedinAccounts).values(
      accounts
        .slice(i, i + 500)
        .map(({ recordId, password, proxyPassword, twoFaSecret, recoveryCodes, createdAt, ...a }) => ({
          ...a,
          userId,
          uid,
          airtableRecordId: recordId,
          ...sealedSecretColumns(box, { password, proxyPassword, twoFaSecret, recoveryCodes }),
          createdAt: new Date(createdAt),
        })),
    );
  }
}
// The billing history as the sync would have written it from the base (decision R12).
const ledgerOwnerId = userIds.get("transactionsOwner");
if (ledgerOwnerId === undefined) throw new Error("no e2e user transactionsOwner");
await database.db.insert(transactions).values(
  ownerTransactions.map(({ recordId, amount, currency, createdTime, ...t }) => ({
    ...t,
    ...E2E_BUYER_DETAILS,
    userId: ledgerOwnerId,
    uid: uidOf("transactionsOwner"),
    airtableRecordId: recordId,
    source: "airtable" as const,
    amountActual: amount,
    currency: currency.toUpperCase(),
    customerEmail: E2E_BUYER_DETAILS.email,
    clientRefId: uidOf("transactionsOwner"),
    createdTime: createdTime === null ? null : new Date(createdTime),
  })),
);
// A plan past due and its failed renewal, as the local test provider's events leave them.
const latePayerId = userIds.get("latePayer");
if (latePayerId === undefined) throw new Error("no e2e user latePayer");
const latePayer = latePayerBilling(`http://127.0.0.1:${port}`, {
  id: latePayerId,
  uid: uidOf("latePayer"),
  email: e2eUsers.latePayer.email,
  name: e2eUsers.latePayer.name,
});
await database.db.insert(transactions).values(latePayer.transactions);
await database.db.insert(subscriptions).values(latePayer.subscription);
// A history longer than a page of the list, for paging as the customer scrolls.
const longHistoryId = userIds.get("longHistory");
if (longHistoryId === undefined) throw new Error("no e2e user longHistory");
await database.db.insert(transactions).values(longHistory({ id: longHistoryId, uid: uidOf("longHistory") }));
const optimizerId = userIds.get("optimizer");
if (optimizerId === undefined) throw new Error("no e2e user optimizer");
await insertOptimizations(database.db, optimizerId, uidOf("optimizer"));
// A write-back that gave up, for the admin's Outbox page (decisions 025, 038). The e2e server reads
// a CSV folder, which takes no write-backs, so "Retry now" leaves it waiting.
await database.db.insert(outboxJobs).values({
  kind: "airtable-write-back",
  supersedeKey: "airtable-user:e2e",
  payload: { userId: 0, recordId: "recE2eDeadWriteBack", fields: {} },
  attempts: 30,
  lastError: "Airtable answered 503 Service Unavailable",
  deadAt: new Date(),
});
// Payments whose events named no customer the portal knows, for the admin console to link
// (admin-console.spec.ts): one each for the desktop and the phone test, and one that stays.
await database.db.insert(transactions).values(
  e2eStrayPayments.map((payment) => ({
    ...payment,
    source: "test" as const,
    object: "invoice",
    amountActual: (payment.amountCents / 100).toFixed(2),
    currency: "USD",
    product: "1 × LinkedIn Plus",
    email: "someone@elsewhere.example",
    name: "Someone Elsewhere",
    createdTime: new Date(Date.now() - 2 * day),
  })),
);
// A second write-back that gave up, so that the desktop and the phone test each retry their own.
await database.db.insert(outboxJobs).values({
  kind: "airtable-write-back",
  supersedeKey: "airtable-user:e2e-phone",
  payload: { userId: 0, recordId: "recE2eDeadWriteBackPhone", fields: {} },
  attempts: 30,
  lastError: "Airtable answered 502 Bad Gateway",
  deadAt: new Date(),
});
// What changed for the notified users, as the sync and the portal record it (decision 040).
for (const key of ["notifiedDesktop", "notifiedPhone"] as const) {
  const userId = userIds.get(key);
  if (userId === undefined) throw new Error(`no e2e user ${key}`);
  const now = Date.now();
  await database.db.insert(notifications).values(
    e2eNotificationsFor(e2eUsers[key].name.split(" ")[0] ?? key).map((entry, i) => ({
      userId,
      kind: entry.kind,
      dedupeKey: `e2e:${key}:${i}`,
      detail: entry.detail,
      link: entry.link,
      createdAt: new Date(now - entry.minutesAgo * 60_000),
      readAt: entry.read ? new Date(now - entry.minutesAgo * 60_000) : null,
      // Mailed already: the run's outbox has nothing to send for them.
      mailedAt: new Date(now),
    })),
  );
}
await database.close();

writeSyncSource();
addOptimizationsToSyncSource(sourceDir, uidOf("optimizer"));
addTransactionsToSyncSource();

const googleIssuer = await startTestIssuer();

const server = spawn(process.execPath, ["dist/server/main.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "test",
    PORT: port,
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    SYNC_INTERVAL_MINUTES: "0",
    // The shared sessions were proven when the run started: they stay fresh for all of it.
    STEP_UP_MINUTES: "240",
    SYNC_SOURCE_DIR: sourceDir,
    SECRETS_KEY: E2E_SECRETS_KEY,
    // The help centre's live chat; tests answer its script with an empty one (help-centre.spec.ts).
    CHAT_WIDGET_ID: "e2e-crisp-website-id",
    // Google sign-in against a local issuer (google-issuer.ts); tests choose who signs in there.
    GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: "e2e-portal-client-secret",
    GOOGLE_ISSUER_URL: googleIssuer.url,
    // Each test is a client of its own behind this "proxy" (see fixtures.ts), so the per-address
    // limits (10 registrations an hour) hold per test, however many tests register users.
    TRUST_PROXY: "loopback",
  },
});

const stop = (signal: NodeJS.Signals) => server.kill(signal);
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", async (code) => {
  await googleIssuer.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(path.dirname(sourceDir), { recursive: true, force: true });
  process.exit(code ?? 0);
});

/** RFC 4180, as the demo files are written. */
function csvCell(value: string | number | boolean | null): string {
  if (value === null || value === false) return "";
  const text = value === true ? "checked" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The demo folder, with the test customers' accounts added to its LinkedIn Accounts table. */
function writeSyncSource(): void {
  mkdirSync(sourceDir, { recursive: true });
  for (const file of ["Users.csv", "Profile Optimizations.csv", "Transactions.csv"]) {
    copyFileSync(path.join(demoDataDir, file), path.join(sourceDir, file));
  }
  const demoAccounts = readFileSync(path.join(demoDataDir, "LinkedIn Accounts.csv"), "utf8");
  const header = (demoAccounts.split("\n", 1)[0] ?? "").split(",");
  const rows: string[] = [];
  for (const [key, accounts] of Object.entries(accountsInSource) as Array<[E2eUserKey, E2eAccount[]]>) {
    const spec = e2eUsers[key];
    const uid = "baseRecordUid" in spec ? spec.baseRecordUid : uidOf(key);
    for (const a of accounts) {
      const byColumn: Record<string, string | number | boolean | null> = {
        UID: uid,
        "Account Type": a.accountType,
        "First Name": a.firstName,
        "Last Name": a.lastName,
        "LinkedIn Email": a.linkedinEmail,
        "LinkedIn Password": a.password,
        "Profile URL": a.profileUrl,
        Status: a.status,
        Premium: a.isPremium,
        Verified: a.isVerified,
        Optimized: a.isOptimized,
        Connections: a.connectionsCount,
        Followers: a.followers,
        Headline: a.headline,
        Location: a.location,
        Industry: a.industry,
        Gender: a.gender,
        "Proxy Country": a.proxyCountry,
        "Proxy IP": a.proxyIp,
        "Proxy Port": a.proxyPort,
        "Proxy Username": a.proxyUsername,
        "Proxy Password": a.proxyPassword,
        "Proxy Zone Name": a.proxyZoneName,
        "2FA Secret": a.twoFaSecret,
        "2FA Recovery Codes": a.recoveryCodes.length > 0 ? a.recoveryCodes.join("\n") : null,
        "2FA Status": a.twoFaStatus,
        "Verification Type": a.verificationType,
        Notes: a.notes,
        Created: a.createdAt,
        "Record ID": a.recordId,
      };
      const unknown = Object.keys(byColumn).filter((column) => !header.includes(column));
      if (unknown.length > 0) throw new Error(`the demo accounts file has no column ${unknown.join(", ")}`);
      rows.push(header.map((column) => csvCell(byColumn[column] ?? null)).join(","));
    }
  }
  const separator = demoAccounts.endsWith("\n") ? "" : "\n";
  writeFileSync(
    path.join(sourceDir, "LinkedIn Accounts.csv"),
    `${demoAccounts}${separator}${rows.join("\n")}\n`,
  );
  addRegisteredFirstToSyncSource();
}

/** The records of the customers who registered in the portal first, by the same email. */
function addRegisteredFirstToSyncSource(): void {
  const file = path.join(sourceDir, "Users.csv");
  const demo = readFileSync(file, "utf8");
  const header = (demo.split("\n", 1)[0] ?? "").split(",");
  const rows = (["registeredFirst", "unverifiedFirst"] as const).map((key, i) => {
    const spec = e2eUsers[key];
    const byColumn: Record<string, string | null> = {
      UID: spec.baseRecordUid,
      Email: spec.email,
      Name: spec.name,
      Username: spec.username,
      "Record ID": `recE2eRegisteredFirstUser${i + 1}`,
    };
    return header.map((column) => csvCell(byColumn[column] ?? null)).join(",");
  });
  appendFileSync(file, `${demo.endsWith("\n") ? "" : "\n"}${rows.join("\n")}\n`);
}

/** The transactionsOwner's history, added to the demo folder's Transactions table. */
function addTransactionsToSyncSource(): void {
  const file = path.join(sourceDir, "Transactions.csv");
  const demo = readFileSync(file, "utf8");
  const header = (demo.split("\n", 1)[0] ?? "").split(",");
  const uid = uidOf("transactionsOwner");
  const rows = ownerTransactions.map((t) => {
    const byColumn: Record<string, string | null> = {
      UID: uid,
      "Event ID": t.eventId,
      Object: t.object,
      "Client Reference ID": uid,
      Currency: t.currency,
      Amount: t.amount,
      Product: t.product,
      "Event Type": t.eventType,
      Email: E2E_BUYER_DETAILS.email,
      Name: E2E_BUYER_DETAILS.name,
      Phone: t.phone,
      "Customer Email": E2E_BUYER_DETAILS.email,
      "Address City": E2E_BUYER_DETAILS.addressCity,
      "Address Line 1": E2E_BUYER_DETAILS.addressLine1,
      "Address Line 2": t.addressLine2,
      "Address Country": E2E_BUYER_DETAILS.addressCountry,
      "Address Postcode": E2E_BUYER_DETAILS.addressPostcode,
      Discounts: t.discounts,
      "Created Time": t.createdTime,
      "Record ID": t.recordId,
    };
    const unknown = Object.keys(byColumn).filter((column) => !header.includes(column));
    if (unknown.length > 0) throw new Error(`the demo transactions file has no column ${unknown.join(", ")}`);
    return header.map((column) => csvCell(byColumn[column] ?? null)).join(",");
  });
  appendFileSync(file, `${demo.endsWith("\n") ? "" : "\n"}${rows.join("\n")}\n`);
}
