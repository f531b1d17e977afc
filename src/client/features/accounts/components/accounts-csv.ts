/**
 * The accounts table as a CSV file (RFC 4180), with or without the accounts' secrets. Pure, so the
 * escaping rules are unit-tested; the download itself is the export button's business.
 */
import type { ExportedSecrets, LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import {
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_TYPE_LABELS,
  accountStatusOf,
  isAccountType,
} from "../../../../shared/linkedin-account-rules";

export const ACCOUNTS_CSV_FILENAME = "linkedin-accounts.csv";

type Cell = string | number | boolean | null;

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection); a leading
// apostrophe makes it text. Tab and carriage return start formulas in some spreadsheets too.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null) return "";
  let text = typeof value === "boolean" ? (value ? "Yes" : "No") : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** CRLF between rows, as RFC 4180 and spreadsheets expect. */
export function toCsv(rows: readonly (readonly Cell[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

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
  return toCsv(rows);
}
