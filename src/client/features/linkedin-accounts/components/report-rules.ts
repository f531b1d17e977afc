/**
 * Which accounts may be reported without a note, and the kind their status suggests (decision R18).
 * Apart from the report dialog, and free of zod, so that the accounts screen's first load (which
 * shows the Report buttons) goes without the dialog and the contract's schemas (decision 013).
 */
import type {
  REPORTABLE_ACCOUNT_STATUSES,
  REQUEST_KINDS,
  REQUEST_NOTE_MAX,
  REQUEST_WISHES,
  RequestKind,
} from "../../../../shared/api/replacement-requests";

// The contract's values, written out: its module brings zod. The types hold them equal.
const REPORTABLE: typeof REPORTABLE_ACCOUNT_STATUSES = ["Wrong Password", "Restricted - Submit ID"];
export const KINDS: typeof REQUEST_KINDS = ["wrong_password", "restricted", "banned", "other"];
export const WISHES: typeof REQUEST_WISHES = ["replacement", "fix"];
export const NOTE_MAX: typeof REQUEST_NOTE_MAX = 1000;

const normalized = (status: string) => status.trim().toLowerCase();

/** Whether the account's status says what is wrong by itself (as the server reads it); any other needs a note. */
export function isReportableStatus(status: string): boolean {
  return REPORTABLE.some((reportable) => normalized(reportable) === normalized(status));
}

/** The kind the account's status suggests. */
export function kindForStatus(status: string): RequestKind {
  if (normalized(status) === "wrong password") return "wrong_password";
  if (normalized(status) === "restricted - submit id") return "restricted";
  return "other";
}
