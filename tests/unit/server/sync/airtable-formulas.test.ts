import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  allOf,
  fieldEquals,
  modifiedAfter,
} from "../../../../src/server/platform/adapters/records/airtable-formulas";
import { type FakeAirtable, startFakeAirtable } from "../../../fakes/airtable-server";

describe("modifiedAfter", () => {
  it("compares the last-modified time with the instant in ISO form", () => {
    expect(modifiedAfter(new Date("2026-01-05T10:15:30.250Z"))).toBe(
      "IS_AFTER(LAST_MODIFIED_TIME(), '2026-01-05T10:15:30.250Z')",
    );
  });
});

describe("fieldEquals", () => {
  it("compares a field reference with a quoted value", () => {
    expect(fieldEquals("UID", "uid-1")).toBe("{UID} = 'uid-1'");
    expect(fieldEquals("Customer UID", "")).toBe("{Customer UID} = ''");
  });

  it("escapes quotes in the value", () => {
    expect(fieldEquals("UID", "o'brien")).toBe("{UID} = 'o\\'brien'");
    expect(fieldEquals("UID", "') , TRUE(), ('")).toBe("{UID} = '\\') , TRUE(), (\\''");
  });

  it("escapes backslashes before quotes, so a trailing backslash cannot eat the closing quote", () => {
    expect(fieldEquals("UID", "a\\")).toBe("{UID} = 'a\\\\'");
    expect(fieldEquals("UID", "a\\'b")).toBe("{UID} = 'a\\\\\\'b'");
  });

  it("leaves double quotes alone inside single quotes", () => {
    expect(fieldEquals("UID", 'say "hi"')).toBe(`{UID} = 'say "hi"'`);
  });

  it.each(["Bad}Name", "{UID", "a{b}c"])("refuses the field name %j", (name) => {
    expect(() => fieldEquals(name, "x")).toThrow(`field name "${name}" cannot be used in a formula`);
  });
});

describe("allOf", () => {
  it("gives no formula for no parts", () => {
    expect(allOf([])).toBeUndefined();
  });

  it("gives a single part unchanged", () => {
    expect(allOf(["{A} = 'x'"])).toBe("{A} = 'x'");
  });

  it("joins several parts with AND", () => {
    expect(allOf(["{A} = 'x'", "{B} = 'y'"])).toBe("AND({A} = 'x', {B} = 'y')");
  });
});

describe("formulas against the Airtable fake", () => {
  let fake: FakeAirtable;

  beforeAll(async () => {
    fake = await startFakeAirtable({
      rateLimit: false,
      tables: {
        Users: [
          { id: "rec00000000000001", fields: { UID: "plain" }, lastModifiedTime: "2026-01-01T00:00:00.000Z" },
          {
            id: "rec00000000000002",
            fields: { UID: "o'brien\\" },
            lastModifiedTime: "2026-01-03T00:00:00.000Z",
          },
          { id: "rec00000000000003", fields: { UID: "other" }, lastModifiedTime: "2026-01-03T00:00:00.000Z" },
        ],
      },
    });
  });

  afterAll(async () => {
    await fake.close();
  });

  async function ids(formula: string | undefined): Promise<string[]> {
    const query = new URLSearchParams(formula ? { filterByFormula: formula } : {});
    const res = await fetch(`${fake.url}/v0/${fake.baseId}/Users?${query}`, {
      headers: { authorization: `Bearer ${fake.token}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { records: Array<{ id: string }> }).records.map((r) => r.id);
  }

  it("matches a value holding a quote and a backslash exactly", async () => {
    expect(await ids(fieldEquals("UID", "o'brien\\"))).toEqual(["rec00000000000002"]);
  });

  it("cannot be widened by a value that tries to close the string", async () => {
    expect(await ids(fieldEquals("UID", "x' = 'x"))).toEqual([]);
    expect(await ids(fieldEquals("UID", "\\"))).toEqual([]);
  });

  it("combines a field match with a modified-after filter", async () => {
    const formula = allOf([fieldEquals("UID", "other"), modifiedAfter(new Date("2026-01-02T00:00:00Z"))]);
    expect(await ids(formula)).toEqual(["rec00000000000003"]);
    expect(await ids(modifiedAfter(new Date("2026-01-02T00:00:00Z")))).toEqual([
      "rec00000000000002",
      "rec00000000000003",
    ]);
  });
});
