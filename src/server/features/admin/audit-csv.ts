/**
 * The CSV export of the audit log: one row per entry, newest first, times in ISO 8601, and every text
 * cell safe to open in a spreadsheet (the shared cell writer guards a cell that starts like a formula:
 * a detail or a name is typed by someone).
 */
import type { AuditEntry, AuditPerson } from "../../../shared/api/audit";
import { AUDIT_EVENT_KINDS } from "../../../shared/audit/audit-kinds";
import { toCsv } from "../../../shared/csv/csv-cell";

const HEADER = [
  "When",
  "Kind",
  "What",
  "Actor UID",
  "Actor name",
  "Actor email",
  "Subject UID",
  "Subject name",
  "Subject email",
  "Detail",
  "Target",
  "From",
];

const person = (who: AuditPerson) => [who?.uid, who?.name, who?.email];

/** The header row, with a BOM so that spreadsheets read the UTF-8 names right. */
export const auditCsvHeader = () => `\uFEFF${toCsv([HEADER])}`;

export function auditCsvRows(entries: AuditEntry[]): string {
  return toCsv(
    entries.map((entry) => [
      entry.at,
      entry.kind,
      AUDIT_EVENT_KINDS[entry.kind],
      ...person(entry.actor),
      ...person(entry.subject),
      entry.detail,
      entry.target,
      entry.ipAddress,
    ]),
  );
}
