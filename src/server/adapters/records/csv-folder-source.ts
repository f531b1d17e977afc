/**
 * A folder of CSV files as a record source: `<table name>.csv` per table, a header row of field
 * names, one record per row. Airtable's own record id and last-modified time are ordinary columns
 * here (named in the field map's `csv` part). The folder is read-only: nothing is written back.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { type RecordSource, SourceError, type SourceRecord } from "./port";

const PAGE_SIZE = 100;

function sameText(value: unknown, expected: string): boolean {
  return typeof value === "string" && value.trim() === expected;
}

/** The columns that hold Airtable's record id and last-modified time in an exported CSV. */
export interface CsvColumns {
  recordIdColumn: string;
  lastModifiedColumn: string;
}

export function csvFolderSource(folder: string, columns: CsvColumns): RecordSource {
  async function readTable(table: string): Promise<SourceRecord[]> {
    const file = path.join(folder, `${table}.csv`);
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new SourceError(
        code === "ENOENT" ? `The sync folder has no ${table}.csv` : `${table}.csv cannot be read (${code})`,
      );
    }
    let rows: Array<Record<string, string>>;
    try {
      rows = parse(text, { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true });
    } catch (err) {
      throw new SourceError(`${table}.csv is not valid CSV: ${(err as Error).message}`);
    }
    return rows.map((row) => {
      const fields: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(row)) {
        if (name === columns.recordIdColumn || value === undefined || value === "") continue;
        fields[name] = value;
      }
      return { id: (row[columns.recordIdColumn] ?? "").trim(), fields };
    });
  }

  return {
    kind: "csv",
    description: path.basename(path.resolve(folder)),
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
