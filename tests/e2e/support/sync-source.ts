/**
 * The e2e server's sync source folder, a copy of the demo folder, and the operator's side of it: the
 * portal writes replacement requests to `Replacement Requests.csv` there, and a sync reads back what
 * the operator changed in it (decision R18).
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { toCsv } from "../../../src/shared/csv/csv-cell";

/** Where the server's sync source is: the folder playwright.config.ts picked, then "demo-data". */
export function e2eSyncSourceDir(): string {
  const parent = process.env.E2E_SOURCE_PARENT;
  if (!parent)
    throw new Error("E2E_SOURCE_PARENT is not set: start the browser tests with `npx playwright test`");
  return path.join(parent, "demo-data");
}

const requestsFile = () => path.join(e2eSyncSourceDir(), "Replacement Requests.csv");

type Row = Record<string, string>;

function readRows(): { header: string[]; rows: Row[] } {
  let text: string;
  try {
    text = readFileSync(requestsFile(), "utf8");
  } catch {
    return { header: [], rows: [] };
  }
  let header: string[] = [];
  const rows: Row[] = parse(text, {
    columns: (names: string[]) => {
      header = names;
      return names;
    },
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
  });
  return { header, rows };
}

/** The row the portal wrote for the account with this record id, if it has written one. */
export function requestRowFor(accountRecordId: string): Row | undefined {
  return readRows().rows.find((row) => row["Account Record ID"] === accountRecordId);
}

function writeEdit(accountRecordId: string, fields: Row): void {
  const { header, rows } = readRows();
  const row = rows.find((r) => r["Account Record ID"] === accountRecordId);
  if (!row) throw new Error(`no replacement request for ${accountRecordId} in the sync source`);
  Object.assign(row, fields, { "Last Modified": new Date().toISOString() });
  const names = [...header];
  for (const name of Object.keys(fields)) if (!names.includes(name)) names.push(name);
  const temp = `${requestsFile()}.e2e.tmp`;
  writeFileSync(temp, toCsv([names, ...rows.map((r) => names.map((name) => r[name] ?? ""))]), "utf8");
  renameSync(temp, requestsFile());
}

const holds = (accountRecordId: string, fields: Row) => {
  const row = requestRowFor(accountRecordId);
  return row !== undefined && Object.entries(fields).every(([name, value]) => row[name] === value);
};

/**
 * The operator changes the request's row as they would in the base; its Last Modified moves on.
 *
 * The portal writes the same file when it passes on another test's request, reading it, then
 * replacing it whole. Its write can start before this edit and end after it, and the edit is lost
 * (what two people saving one spreadsheet at once would see). So the edit is checked once such a
 * write would be over, and made again if it is gone.
 */
export async function operatorEdits(accountRecordId: string, fields: Row): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    writeEdit(accountRecordId, fields);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (holds(accountRecordId, fields)) return;
  }
  throw new Error(`the edit of ${accountRecordId} did not stay in the sync source`);
}
