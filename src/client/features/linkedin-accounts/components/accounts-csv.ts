/**
 * The accounts table as a CSV file (RFC 4180), with or without the accounts' secrets, written by the
 * shared cell writer (which guards cells that start like a formula). Pure, so it is unit-tested; the
 * download itself is the export button's business. The header row speaks the page's language; the
 * values stay as the portal keeps them (ISO times, the statuses' and types' English names, Yes and No),
 * so that a file reads the same to a program whatever the language it was exported in.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ExportedSecrets, LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import { type CsvValue, toCsv } from "../../../../shared/csv/csv-cell";
import {
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_TYPE_LABELS,
  accountStatusOf,
  isAccountType,
} from "../../../../shared/linkedin-account-rules";
import { i18n } from "../../../lib/i18n/i18n";

export const ACCOUNTS_CSV_FILENAME = "linkedin-accounts.csv";

type Cell = string | number | boolean | null;

/** Yes and No for the account's flags; everything else goes to the shared cell writer as it is. */
const csvValue = (value: Cell): CsvValue => (typeof value === "boolean" ? (value ? "Yes" : "No") : value);

const COLUMNS: ReadonlyArray<[header: MessageDescriptor, value: (account: LinkedinAccount) => Cell]> = [
  [msg({ id: "accounts.csv.first-name", message: "First Name" }), (a) => a.firstName],
  [msg({ id: "accounts.csv.last-name", message: "Last Name" }), (a) => a.lastName],
  [msg({ id: "accounts.csv.email", message: "Email" }), (a) => a.linkedinEmail],
  [
    msg({ id: "accounts.csv.type", message: "Type" }),
    (a) => (isAccountType(a.accountType) ? ACCOUNT_TYPE_LABELS[a.accountType] : a.accountType),
  ],
  [
    msg({ id: "accounts.csv.status", message: "Status" }),
    (a) => ACCOUNT_STATUS_LABELS[accountStatusOf(a.status)],
  ],
  [msg({ id: "accounts.csv.profile-url", message: "Profile URL" }), (a) => a.profileUrl],
  [msg({ id: "accounts.csv.premium", message: "Premium" }), (a) => a.isPremium],
  [msg({ id: "accounts.csv.verified", message: "Verified" }), (a) => a.isVerified],
  [msg({ id: "accounts.csv.optimized", message: "Optimized" }), (a) => a.isOptimized],
  [msg({ id: "accounts.csv.connections", message: "Connections" }), (a) => a.connectionsCount],
  [msg({ id: "accounts.csv.followers", message: "Followers" }), (a) => a.followers],
  [msg({ id: "accounts.csv.headline", message: "Headline" }), (a) => a.headline],
  [msg({ id: "accounts.csv.location", message: "Location" }), (a) => a.location],
  [msg({ id: "accounts.csv.industry", message: "Industry" }), (a) => a.industry],
  [msg({ id: "accounts.csv.gender", message: "Gender" }), (a) => a.gender],
  [msg({ id: "accounts.csv.2fa-status", message: "2FA Status" }), (a) => a.twoFaStatus],
  [msg({ id: "accounts.csv.verification-type", message: "Verification Type" }), (a) => a.verificationType],
  [msg({ id: "accounts.csv.proxy-country", message: "Proxy Country" }), (a) => a.proxyCountry],
  [msg({ id: "accounts.csv.proxy-ip", message: "Proxy IP" }), (a) => a.proxyIp],
  [msg({ id: "accounts.csv.proxy-port", message: "Proxy Port" }), (a) => a.proxyPort],
  [msg({ id: "accounts.csv.proxy-username", message: "Proxy Username" }), (a) => a.proxyUsername],
  [msg({ id: "accounts.csv.proxy-zone", message: "Proxy Zone" }), (a) => a.proxyZoneName],
  [msg({ id: "accounts.csv.notes", message: "Notes" }), (a) => a.notes],
  [msg({ id: "accounts.csv.created", message: "Created" }), (a) => a.createdAt],
  [msg({ id: "accounts.csv.last-synced", message: "Last Synced" }), (a) => a.lastSyncedAt],
];

const SECRET_HEADERS: readonly MessageDescriptor[] = [
  msg({ id: "accounts.csv.password", message: "Password" }),
  msg({ id: "accounts.csv.proxy-password", message: "Proxy Password" }),
  msg({ id: "accounts.csv.2fa-recovery-codes", message: "2FA Recovery Codes" }),
];

/**
 * One row per account, in the order given. With `secrets`, the password, proxy password and recovery
 * codes (one per line inside the cell) are added; an account the server sent nothing for gets blanks.
 */
export function accountsCsv(accounts: readonly LinkedinAccount[], secrets?: ExportedSecrets): string {
  const byId = new Map(secrets?.map((entry) => [entry.id, entry]));
  // Read when the file is written: the language may have changed since the page loaded.
  const header = [...COLUMNS.map(([name]) => name), ...(secrets ? SECRET_HEADERS : [])].map((name) =>
    i18n._(name),
  );
  const rows: Cell[][] = [header];
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
