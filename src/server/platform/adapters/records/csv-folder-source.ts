/**
 * A folder of CSV files as a record source: `<table name>.csv` per table, a header row of field
 * names, one record per row. Airtable's own record id and last-modified time are ordinary columns
 * here (named in the field map's `csv` part). The folder is read-only but for one table, the
 * replacement requests (decision 040): the portal keeps that table's file in a writable folder of
 * its own, creating rows and changing their fields as it would in the base, and the operator edits
 * the same file; the sync reads it back from there.
 */
import { randomBytes, randomInt } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { toCsv } from "../../../../shared/csv/csv-cell";
import {
  type RecordCreate,
  type RecordSource,
  type RecordUpdate,
  SourceError,
  type SourceRecord,
} from "./port";

const PAGE_SIZE = 100;

function sameText(value: unknown, expected: string): boolean {
  return typeof value === "string" && value.trim() === expected;
}

/** The columns that hold Airtable's record id and last-modified time in an exported CSV. */
export interface CsvColumns {
  recordIdColumn: string;
  lastModifiedColumn: string;
}

/** The one table a folder source writes, and where its file lives. */
export interface WritableCsvTable {
  /** The table's name in the field map (its file is `<table>.csv`). */
  table: string;
  /** A folder the portal may write: never the demo folder that ships with the code. */
  folder: string;
  /** The mapped field names, in the order a new file's header lists them. */
  fields: readonly string[];
}

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A record id as Airtable makes them: "rec" and 14 letters and digits. */
function newRecordId(): string {
  let id = "rec";
  for (let i = 0; i < 14; i++) id += ALPHANUMERIC.charAt(randomInt(ALPHANUMERIC.length));
  return id;
}

function parseRows(table: string, text: string): { header: string[]; rows: Array<Record<string, string>> } {
  let header: string[] = [];
  let rows: Array<Record<string, string>>;
  try {
    rows = parse(text, {
      columns: (names: string[]) => {
        header = names;
        return names;
      },
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
    });
  } catch (err) {
    throw new SourceError(`${table}.csv is not valid CSV: ${(err as Error).message}`);
  }
  return { header, rows };
}

export function csvFolderSource(
  folder: string,
  columns: CsvColumns,
  writable?: WritableCsvTable,
): RecordSource {
  const fileOf = (table: string) =>
    path.join(writable && table === writable.table ? writable.folder : folder, `${table}.csv`);

  async function readRows(table: string): Promise<{ header: string[]; rows: Array<Record<string, string>> }> {
    let text: string;
    try {
      text = await readFile(fileOf(table), "utf8");
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // The written table's file appears with its first record: until then it has none.
      if (code === "ENOENT" && writable && table === writable.table) return { header: [], rows: [] };
      throw new SourceError(
        code === "ENOENT" ? `The sync folder has no ${table}.csv` : `${table}.csv cannot be read (${code})`,
      );
    }
    return parseRows(table, text);
  }

  async function readTable(table: string): Promise<SourceRecord[]> {
    const { rows } = await readRows(table);
    return rows.map((row) => {
      const fields: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(row)) {
        if (name === columns.recordIdColumn || value === undefined || value === "") continue;
        fields[name] = value;
      }
      return { id: (row[columns.recordIdColumn] ?? "").trim(), fields };
    });
  }

  /** Writes of the table one at a time, so that none is lost to another read before it. */
  let writing: Promise<unknown> = Promise.resolve();
  function serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = writing.then(work, work);
    writing = next.catch(() => {});
    return next;
  }

  /** Reads the written table's file, changes its rows, and replaces it whole (a temp file, renamed). */
  function rewrite<T>(
    table: string,
    change: (rows: Array<Record<string, string>>, stamp: string) => T,
  ): Promise<T> {
    if (!writable || table !== writable.table) {
      return Promise.reject(new SourceError(`The sync folder's ${table}.csv is read-only`));
    }
    const target = writable;
    return serialized(async () => {
      const { header, rows } = await readRows(table);
      const result = change(rows, new Date().toISOString());
      const names = [...header];
      for (const name of [...target.fields, columns.recordIdColumn, columns.lastModifiedColumn]) {
        if (!names.includes(name)) names.push(name);
      }
      const text = toCsv([names, ...rows.map((row) => names.map((name) => row[name] ?? ""))]);
      const file = fileOf(table);
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await mkdir(target.folder, { recursive: true });
        await writeFile(temp, text, "utf8");
        await rename(temp, file);
      } catch (err) {
        throw new SourceError(`${table}.csv cannot be written (${(err as NodeJS.ErrnoException).code})`);
      }
      return result;
    });
  }

  return {
    kind: "csv",
    description: path.basename(path.resolve(folder)),
    ...(writable
      ? {
          writableTables: [writable.table],
          create: (table: string, records: RecordCreate[]) =>
            rewrite(table, (rows, stamp) =>
              records.map((record) => {
                const id = newRecordId();
                rows.push({
                  ...record.fields,
                  [columns.recordIdColumn]: id,
                  [columns.lastModifiedColumn]: stamp,
                });
                return id;
              }),
            ),
          update: (table: string, updates: RecordUpdate[]) =>
            rewrite(table, (rows, stamp) => {
              for (const update of updates) {
                const row = rows.find((r) => (r[columns.recordIdColumn] ?? "").trim() === update.id);
                if (!row) throw new SourceError(`${table}.csv has no record ${update.id}`);
                for (const [name, value] of Object.entries(update.fields)) row[name] = value ?? "";
                row[columns.lastModifiedColumn] = stamp;
              }
            }),
        }
      : {}),
    async *list(table, query = {}) {
      const since = query.modifiedSince?.getTime();
      const wanted = (await readTable(table)).filter((record) => {
        if (query.fieldEquals && !sameText(record.fields[query.fieldEquals.field], query.fieldEquals.value)) {
          return false;
        }
        if (since !== undefined) {
          // A row without a readable last-modified time is always taken: better synced twice than never.
          const modified = Date.parse(String(record.fields[columns.lastModifiedColumn] ?? ""));
          if (!Number.isNaN(modified) && modified <= since) return false;
        }
        return true;
      });
      for (let i = 0; i < wanted.length; i += PAGE_SIZE) yield wanted.slice(i, i + PAGE_SIZE);
    },
  };
}
