import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILT_IN_FIELD_MAP } from "../../../../src/server/features/sync/field-map";
import { csvFolderSource } from "../../../../src/server/platform/adapters/records/csv-folder-source";
import {
  type ListQuery,
  SourceError,
  type SourceRecord,
} from "../../../../src/server/platform/adapters/records/port";

let root: string;
let folder: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "csv-source-"));
  folder = path.join(root, "operator-export");
  fs.mkdirSync(folder);
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function write(table: string, text: string): void {
  fs.writeFileSync(path.join(folder, `${table}.csv`), text);
}

const source = () => csvFolderSource(folder, BUILT_IN_FIELD_MAP.csv);

async function pages(table: string, query?: ListQuery): Promise<SourceRecord[][]> {
  const result: SourceRecord[][] = [];
  for await (const page of source().list(table, query)) result.push(page);
  return result;
}

async function all(table: string, query?: ListQuery): Promise<SourceRecord[]> {
  return (await pages(table, query)).flat();
}

describe("csvFolderSource", () => {
  it("is a csv source described by the folder's base name only", () => {
    const s = source();
    expect(s.kind).toBe("csv");
    expect(s.description).toBe("operator-export");
    expect(s.description).not.toContain(root);
    expect(s.update).toBeUndefined();
  });

  it("lists records in file order, with the record id out of the fields and empty cells left out", async () => {
    write(
      "Users",
      [
        "Record ID,UID,Email,Name,Username",
        "recA,uid-1,ann@example.com,Ann,",
        "recB,uid-2,,Bob,bobby",
        "recC,uid-3,cy@example.com,Cy,cy",
      ].join("\n"),
    );
    expect(await all("Users")).toEqual([
      { id: "recA", fields: { UID: "uid-1", Email: "ann@example.com", Name: "Ann" } },
      { id: "recB", fields: { UID: "uid-2", Name: "Bob", Username: "bobby" } },
      { id: "recC", fields: { UID: "uid-3", Email: "cy@example.com", Name: "Cy", Username: "cy" } },
    ]);
  });

  it("uses the record id column the map names", async () => {
    write("Users", "Id,UID\n  rec1  ,uid-1\n");
    const records: SourceRecord[] = [];
    for await (const page of csvFolderSource(folder, { recordIdColumn: "Id", lastModifiedColumn: "X" }).list(
      "Users",
    )) {
      records.push(...page);
    }
    expect(records).toEqual([{ id: "rec1", fields: { UID: "uid-1" } }]);
  });

  it("pages records by 100", async () => {
    const rows = Array.from({ length: 250 }, (_, i) => `rec${i},uid-${i}`);
    write("Users", ["Record ID,UID", ...rows].join("\n"));
    const result = await pages("Users");
    expect(result.map((page) => page.length)).toEqual([100, 100, 50]);
    expect(result.flat().map((r) => r.id)).toEqual(rows.map((_, i) => `rec${i}`));
  });

  it("yields no page for a file with only a header", async () => {
    write("Users", "Record ID,UID\n");
    expect(await pages("Users")).toEqual([]);
  });

  it("reads quoted cells holding commas, quotes and line breaks", async () => {
    write(
      "LinkedIn Accounts",
      'Record ID,UID,Notes,2FA Recovery Codes\r\nrec1,uid-1,"Line one, with comma\r\nLine ""two""","a\nb\nc"\r\n',
    );
    expect(await all("LinkedIn Accounts")).toEqual([
      {
        id: "rec1",
        fields: {
          UID: "uid-1",
          Notes: 'Line one, with comma\r\nLine "two"',
          "2FA Recovery Codes": "a\nb\nc",
        },
      },
    ]);
  });

  it("ignores a byte order mark at the start", async () => {
    write("Users", "\uFEFFRecord ID,UID\nrec1,uid-1\n");
    expect(await all("Users")).toEqual([{ id: "rec1", fields: { UID: "uid-1" } }]);
  });

  it("filters on a field's text", async () => {
    write("Users", "Record ID,UID,Name\nrec1,uid-1,A\nrec2,uid-2,B\nrec3, uid-1 ,C\nrec4,uid-10,D\n");
    const records = await all("Users", { fieldEquals: { field: "UID", value: "uid-1" } });
    expect(records.map((r) => r.id)).toEqual(["rec1", "rec3"]);
    expect(await all("Users", { fieldEquals: { field: "Missing", value: "uid-1" } })).toEqual([]);
  });

  it("keeps rows modified after the instant, and rows without a readable last-modified time", async () => {
    write(
      "Users",
      [
        "Record ID,UID,Last Modified",
        "before,u1,2026-01-01T09:59:59.999Z",
        "equal,u2,2026-01-01T10:00:00.000Z",
        "after,u3,2026-01-01T10:00:00.001Z",
        "blank,u4,",
        "garbled,u5,last tuesday",
        "later,u6,2026-02-01",
      ].join("\n"),
    );
    const records = await all("Users", { modifiedSince: new Date("2026-01-01T10:00:00.000Z") });
    expect(records.map((r) => r.id)).toEqual(["after", "blank", "garbled", "later"]);
  });

  it("combines both filters", async () => {
    write(
      "Users",
      "Record ID,UID,Last Modified\nr1,uid-1,2026-01-01\nr2,uid-1,2026-03-01\nr3,uid-2,2026-03-01\n",
    );
    const records = await all("Users", {
      fieldEquals: { field: "UID", value: "uid-1" },
      modifiedSince: new Date("2026-02-01T00:00:00Z"),
    });
    expect(records.map((r) => r.id)).toEqual(["r2"]);
  });

  it("refuses a table without a file, naming the file", async () => {
    const error = await all("Transactions").catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as Error).message).toContain("Transactions.csv");
    expect((error as Error).message).not.toContain(root);
  });

  it("refuses malformed CSV", async () => {
    write("Users", 'Record ID,UID,Name\nrec1,uid-1,"unclosed\nrec2,uid-2,B\n');
    const error = await all("Users").catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as Error).message).toMatch(/^Users\.csv is not valid CSV: /);
  });
});
