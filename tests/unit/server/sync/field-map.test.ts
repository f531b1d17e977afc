import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BUILT_IN_FIELD_MAP,
  type FieldMap,
  FieldMapError,
  loadFieldMap,
  parseFieldMap,
} from "../../../../src/server/features/sync/field-map";

/** A deep copy of the built-in map as plain JSON, free to be edited by a test. */
function builtInJson(): FieldMap {
  return JSON.parse(JSON.stringify(BUILT_IN_FIELD_MAP)) as FieldMap;
}

function problemsOf(input: unknown): string[] {
  try {
    parseFieldMap(input);
  } catch (err) {
    if (err instanceof FieldMapError) return err.problems;
    throw err;
  }
  throw new Error("expected the field map to be refused");
}

describe("parseFieldMap", () => {
  it("accepts the built-in map round-tripped through JSON", () => {
    expect(parseFieldMap(builtInJson())).toEqual(BUILT_IN_FIELD_MAP);
  });

  it("refuses a column the portal does not know, naming table and column", () => {
    const map = builtInJson();
    map.tables.users.fields.emial = "Email 2";
    expect(problemsOf(map)).toEqual(["tables.users.fields.emial: is not a portal column"]);
  });

  it("refuses a map that leaves out a required column", () => {
    const map = builtInJson();
    delete map.tables.linkedinAccounts.fields.accountType;
    expect(problemsOf(map)).toEqual(["tables.linkedinAccounts.fields.accountType: is required"]);
  });

  it("lists every problem, not just the first", () => {
    const map = builtInJson();
    map.tables.users.fields.nope = "Nope";
    delete map.tables.transactions.fields.uid;
    expect(problemsOf(map)).toEqual([
      "tables.users.fields.nope: is not a portal column",
      "tables.transactions.fields.uid: is required",
    ]);
  });

  it("refuses a map without one of the tables", () => {
    const map = builtInJson() as { tables: Partial<FieldMap["tables"]> };
    delete map.tables.profileOptimizations;
    const problems = problemsOf(map);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^tables\.profileOptimizations: /);
  });

  it("refuses an empty or blank table name", () => {
    const map = builtInJson();
    map.tables.users.table = "";
    map.tables.transactions.table = "   ";
    expect(problemsOf(map)).toEqual([
      "tables.users.table: must name the table",
      "tables.transactions.table: must name the table",
    ]);
  });

  it("refuses a blank source field name", () => {
    const map = builtInJson();
    map.tables.users.fields.username = " ";
    expect(problemsOf(map)).toEqual(["tables.users.fields.username: must name a field"]);
  });

  it("refuses something that is not a map at all", () => {
    expect(problemsOf(null)).toEqual([expect.stringMatching(/^map: /)]);
  });

  it("defaults the csv columns when they are left out", () => {
    const { tables } = builtInJson();
    expect(parseFieldMap({ tables }).csv).toEqual({
      recordIdColumn: "Record ID",
      lastModifiedColumn: "Last Modified",
    });
  });

  it("gives a map written before replacement requests the built-in requests table", () => {
    const map = builtInJson() as { tables: Partial<FieldMap["tables"]> };
    delete map.tables.replacementRequests;
    const parsed = parseFieldMap(map);
    expect(parsed.tables.replacementRequests).toEqual(BUILT_IN_FIELD_MAP.tables.replacementRequests);
    expect(parsed.tables.replacementRequests.table).toBe("Replacement Requests");
    expect(parsed.tables.replacementRequests.fields.portalRequestId).toBe("Portal Request ID");
  });

  it("checks a requests table that is given like any other", () => {
    const map = builtInJson();
    map.tables.replacementRequests = { table: "Tickets", fields: { status: "State", colour: "Colour" } };
    expect(problemsOf(map)).toEqual([
      "tables.replacementRequests.fields.colour: is not a portal column",
      "tables.replacementRequests.fields.portalRequestId: is required",
    ]);
    map.tables.replacementRequests.fields = { portalRequestId: "Ticket", status: "State" };
    expect(parseFieldMap(map).tables.replacementRequests.table).toBe("Tickets");
  });

  it("keeps csv columns that are given", () => {
    const map = { ...builtInJson(), csv: { recordIdColumn: "Id", lastModifiedColumn: "Changed" } };
    expect(parseFieldMap(map).csv).toEqual({ recordIdColumn: "Id", lastModifiedColumn: "Changed" });
  });

  it("names the source in the error message", () => {
    const map = builtInJson();
    map.tables.users.fields.bogus = "Bogus";
    expect(() => parseFieldMap(map, "map.json")).toThrow(
      /^The field map map\.json is not valid:\n {2}- tables\.users\.fields\.bogus: is not a portal column$/,
    );
  });
});

describe("loadFieldMap", () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "field-map-"));
  });

  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function loadError(file: string): Promise<FieldMapError> {
    const error = await loadFieldMap(file).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(FieldMapError);
    return error as FieldMapError;
  }

  it("gives the built-in map when no file is named", async () => {
    expect(await loadFieldMap(undefined)).toBe(BUILT_IN_FIELD_MAP);
  });

  it("reads a valid map from a file", async () => {
    const file = path.join(dir, "map.json");
    const map = builtInJson();
    map.tables.users.table = "Customers";
    fs.writeFileSync(file, JSON.stringify(map));
    const loaded = await loadFieldMap(file);
    expect(loaded.tables.users.table).toBe("Customers");
    expect(loaded.tables.users.fields).toEqual(BUILT_IN_FIELD_MAP.tables.users.fields);
  });

  it("refuses a missing file", async () => {
    const file = path.join(dir, "missing.json");
    const error = await loadError(file);
    expect(error.source).toBe(file);
    expect(error.problems).toEqual(["cannot be read (ENOENT)"]);
  });

  it("refuses a file that is not JSON", async () => {
    const file = path.join(dir, "map.json");
    fs.writeFileSync(file, "{ tables: ");
    const error = await loadError(file);
    expect(error.problems).toEqual(["is not valid JSON"]);
    expect(error.message).toContain(file);
  });

  it("refuses a file holding a bad map, listing its problems", async () => {
    const file = path.join(dir, "map.json");
    const map = builtInJson();
    map.tables.users.fields.avatar = "Avatar";
    delete map.tables.users.fields.email;
    fs.writeFileSync(file, JSON.stringify(map));
    const error = await loadError(file);
    expect(error.source).toBe(file);
    expect(error.problems).toEqual([
      "tables.users.fields.avatar: is not a portal column",
      "tables.users.fields.email: is required",
    ]);
  });
});

describe("the README", () => {
  it("documents the built-in field map exactly as the code holds it", () => {
    const readme = fs.readFileSync(new URL("../../../../README.md", import.meta.url), "utf8");
    const section = readme.slice(readme.indexOf("<summary>The built-in field map</summary>"));
    const json = section.slice(
      section.indexOf("```json") + 7,
      section.indexOf("```", section.indexOf("```json") + 7),
    );
    expect(JSON.parse(json)).toEqual(BUILT_IN_FIELD_MAP);
  });
});
