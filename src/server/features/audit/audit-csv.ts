/**
 * The CSV export of the audit log: one row per entry, newest first, times in ISO 8601, and every text
 * cell safe to open in a spreadsheet (the shared cell writer guards a cell that starts like a formula:
 * a detail or a name is typed by someone).
 */
import type { AuditEntry, AuditPerson } from "../../../shared/api/audit";
import type { AuditEventKind } from "../../../shared/audit/audit-kinds";
import { toCsv } from "../../../shared/csv/csv-cell";
import type { Language } from "../../../shared/i18n/languages";
import { type ServerMessage, sayIn } from "../../platform/i18n/message";

const HEADER: readonly ServerMessage[] = [
  /*i18n*/ { id: "csv.audit.when", message: "When" },
  /*i18n*/ { id: "csv.audit.kind", message: "Kind" },
  /*i18n*/ { id: "csv.audit.what", message: "What" },
  /*i18n*/ { id: "csv.audit.actor-uid", message: "Actor UID" },
  /*i18n*/ { id: "csv.audit.actor-name", message: "Actor name" },
  /*i18n*/ { id: "csv.audit.actor-email", message: "Actor email" },
  /*i18n*/ { id: "csv.audit.subject-uid", message: "Subject UID" },
  /*i18n*/ { id: "csv.audit.subject-name", message: "Subject name" },
  /*i18n*/ { id: "csv.audit.subject-email", message: "Subject email" },
  /*i18n*/ { id: "csv.audit.detail", message: "Detail" },
  /*i18n*/ { id: "csv.audit.target", message: "Target" },
  /*i18n*/ { id: "csv.audit.from", message: "From" },
];

/**
 * What each kind of entry means, in the words of src/shared/audit/audit-kinds.ts, in the language of
 * the answer; the `Kind` column keeps the kind's own name, for machines.
 */
const KIND_WORDS: Record<AuditEventKind, ServerMessage> = {
  "sign-in": /*i18n*/ { id: "audit.kind.sign-in", message: "Signed in" },
  "sign-in-failed": /*i18n*/ { id: "audit.kind.sign-in-failed", message: "Sign-in failed" },
  "sign-in-refused": /*i18n*/ { id: "audit.kind.sign-in-refused", message: "Held back: too many attempts" },
  "sign-in-disowned": /*i18n*/ {
    id: "audit.kind.sign-in-disowned",
    message: 'Sign-in reported: "This wasn\'t me"',
  },
  "passkey-sign-in-failed": /*i18n*/ {
    id: "audit.kind.passkey-sign-in-failed",
    message: "Passkey sign-in failed",
  },
  "google-sign-in": /*i18n*/ { id: "audit.kind.google-sign-in", message: "Signed in with Google" },
  "google-sign-up": /*i18n*/ { id: "audit.kind.google-sign-up", message: "Signed up with Google" },
  "google-link": /*i18n*/ { id: "audit.kind.google-link", message: "Google linked" },
  "google-unlink": /*i18n*/ { id: "audit.kind.google-unlink", message: "Google unlinked" },
  "email-verified": /*i18n*/ { id: "audit.kind.email-verified", message: "Email verified" },
  "email-changed": /*i18n*/ { id: "audit.kind.email-changed", message: "Email changed" },
  "unproven-access-ended": /*i18n*/ {
    id: "audit.kind.unproven-access-ended",
    message: "Unproven access ended",
  },
  "password-changed": /*i18n*/ { id: "audit.kind.password-changed", message: "Password changed" },
  "password-reset": /*i18n*/ { id: "audit.kind.password-reset", message: "Password reset" },
  "totp-enabled": /*i18n*/ { id: "audit.kind.totp-enabled", message: "Authenticator app turned on" },
  "totp-disabled": /*i18n*/ { id: "audit.kind.totp-disabled", message: "Authenticator app turned off" },
  "recovery-codes-generated": /*i18n*/ {
    id: "audit.kind.recovery-codes-generated",
    message: "Recovery codes generated",
  },
  "recovery-code-used": /*i18n*/ { id: "audit.kind.recovery-code-used", message: "Recovery code used" },
  "passkey-added": /*i18n*/ { id: "audit.kind.passkey-added", message: "Passkey added" },
  "passkey-removed": /*i18n*/ { id: "audit.kind.passkey-removed", message: "Passkey removed" },
  "step-up": /*i18n*/ { id: "audit.kind.step-up", message: "Identity confirmed again" },
  "secret-revealed": /*i18n*/ { id: "audit.kind.secret-revealed", message: "Secret shown" },
  "data-exported": /*i18n*/ { id: "audit.kind.data-exported", message: "Data downloaded" },
  "login-closed": /*i18n*/ { id: "audit.kind.login-closed", message: "Portal login closed" },
  "login-reopened": /*i18n*/ { id: "audit.kind.login-reopened", message: "Portal login re-opened" },
  "replacement-requested": /*i18n*/ {
    id: "audit.kind.replacement-requested",
    message: "Replacement request sent",
  },
  "replacement-request-withdrawn": /*i18n*/ {
    id: "audit.kind.replacement-request-withdrawn",
    message: "Replacement request withdrawn",
  },
  "sync-run": /*i18n*/ { id: "audit.kind.sync-run", message: "Sync started" },
  "view-as-started": /*i18n*/ { id: "audit.kind.view-as-started", message: "Viewing as customer started" },
  "view-as-stopped": /*i18n*/ { id: "audit.kind.view-as-stopped", message: "Viewing as customer stopped" },
  "sessions-ended": /*i18n*/ { id: "audit.kind.sessions-ended", message: "Sessions ended" },
  "payment-linked": /*i18n*/ { id: "audit.kind.payment-linked", message: "Payment linked to customer" },
  "payment-unlinked": /*i18n*/ {
    id: "audit.kind.payment-unlinked",
    message: "Payment unlinked from customer",
  },
  "outbox-retried": /*i18n*/ { id: "audit.kind.outbox-retried", message: "Background job retried" },
  "audit-pruned": /*i18n*/ { id: "audit.kind.audit-pruned", message: "Old audit entries removed" },
};

const person = (who: AuditPerson) => [who?.uid, who?.name, who?.email];

/** The header row, with a BOM so that spreadsheets read the UTF-8 names right. */
export const auditCsvHeader = (language: Language) =>
  `\uFEFF${toCsv([HEADER.map((cell) => sayIn(language, cell))])}`;

export function auditCsvRows(entries: AuditEntry[], language: Language): string {
  return toCsv(
    entries.map((entry) => [
      entry.at,
      entry.kind,
      sayIn(language, KIND_WORDS[entry.kind]),
      ...person(entry.actor),
      ...person(entry.subject),
      entry.detail,
      entry.target,
      entry.ipAddress,
    ]),
  );
}
