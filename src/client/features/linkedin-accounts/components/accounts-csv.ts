/**
 * The accounts table as a CSV file (RFC 4180), with or without the accounts' secrets, written by the
 * shared cell writer (which guards cells that start like a formula). Pure, so it is unit-tested; the
 * download itself is the export button's business.
 */
import type { ExportedSecrets, LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import { type CsvValue, toCsv } from "../../../../shared/csv/csv-cell";
import {
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_TYPE_LABELS,
  accountStatusOf,
  isAccountType,
} from "../../../../shared/linkedin-account-rules";

export const ACCOUNTS_CSV_FILENAME = "linkedin-accounts.csv";

type Cell = string | number | boolean | null;

/** Yes and No for the account's flags; everything else goes to the shared cell writer as it is. */
const csvValue = (value: Cell): CsvValue => (typeof value === "boolean" ? (value ? "Yes" : "No") : value);

const COLUMNS: ReadonlyArray<[header: string, value: (account: LinkedinAccount) => Cell]> = [
  ["First Name", (a) => a.firstName],
  ["Last Name", (a) => a.lastName],
  ["Email", (a) => a.linkedinEmail],
  ["Type", (a) => (isAccountType(a.accountType) ? ACCOUNT_TYPE_LABELS[a.accountType] : a.accountType)],
  ["Status", (a) => ACCOUNT_STATUS_LABELS[accountStatusOf(a.status)]],
  ["Profile URL", (a) => a.profileUrl],
  ["Premium", (a) => a.isPremium],
  ["Verified", (a) => a.isVerified],
  ["Optimized", (a) => a.isOptimized],
  ["Connections", (a) => a.connectionsCount],
  ["Followers", (a) => a.followers],
  ["Headline", (a) => a.headline],
  ["Location", (a) => a.location],
  ["Industry", (a) => a.industry],
  ["Gender", (a) => a.gender],
  ["2FA Status", (a) => a.twoFaStatus],
  ["Verification Type", (a) => a.verificationType],
  ["Proxy Country", (a) => a.proxyCountry],
  ["Proxy IP", (a) => a.proxyIp],
  ["Proxy Port", (a) => a.proxyPort],
  ["Proxy Username", (a) => a.proxyUsername],
  ["Proxy Zone", (a) => a.proxyZoneName],
  ["Notes", (a) => a.notes],
  ["Created", (a) => a.createdAt],
  ["Last Synced", (a) => a.lastSyncedAt],
];

const SECRET_HEADERS = ["Password", "Proxy Password", "2FA Recovery Codes"];

/**
 * One row per account, in the order given. With `secrets`, the password, proxy password and recovery
 * codes (one per line inside the cell) are added; an account the server sent nothing for gets blanks.
 */
export function accountsCsv(accounts: readonly LinkedinAccount[], secrets?: ExportedSecrets): string {
  const byId = new Map(secrets?.map((entry) => [entry.id, entry]));
  const header = COLUMNS.map(([name]) => name);
  const rows: Cell[][] = [secrets ? [...header, ...SECRET_HEADERS] : header];
  for (const account of accounts) {
    const row = COLUMNS.map(([, value]) => value(account));
    if (secrets) {
      const entry = byId.get(account.id);
      row.push(
        entry?.password ?? null,
        entry?.proxyPassword ?? null,
        entry?.recoveryCodes.join("\n") || null,
      );
    }
    rows.push(row);
  }
  return toCsv(rows.map((row) => row.map(csvValue)));
}
