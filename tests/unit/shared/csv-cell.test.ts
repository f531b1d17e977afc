import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { CsvNumber, csvCell, startsFormula, toCsv } from "../../../src/shared/csv/csv-cell";

describe("csvCell", () => {
  it("leaves plain values alone and writes nothing for null or undefined", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("Zoë O'Brien")).toBe("Zoë O'Brien");
    expect(csvCell("2026-05-01T10:00:00.000Z")).toBe("2026-05-01T10:00:00.000Z");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell("")).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling the quotes", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("one\ntwo")).toBe('"one\ntwo"');
    expect(csvCell("one\r\ntwo")).toBe('"one\r\ntwo"');
  });

  it("quotes a cell holding a semicolon, a pipe or a tab, so that a spreadsheet splitting on it keeps one cell", () => {
    // A spreadsheet set to split on semicolons (as German ones are) would make "=1+1" a cell of its
    // own and run it; quoted, the whole text is one cell that starts with "a".
    expect(csvCell("a;=1+1")).toBe('"a;=1+1"');
    expect(csvCell("x;@SUM(A1)")).toBe('"x;@SUM(A1)"');
    expect(csvCell("a|b")).toBe('"a|b"');
    expect(csvCell("a\t=1+1")).toBe('"a\t=1+1"');
    // Read the way such a spreadsheet reads it: one cell, not "a" and "=1+1".
    expect(parse(toCsv([["a;=1+1"]]), { delimiter: ";" })).toEqual([["a;=1+1"]]);
  });

  it("guards the classic formula starts, tab and carriage return included, and quotes the cell", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("+1 555")).toBe(`"'+1 555"`);
    expect(csvCell("-2+3")).toBe(`"'-2+3"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("\tcmd")).toBe(`"'\tcmd"`);
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
    // Text that only looks like a number is text from somewhere else: guarded all the same.
    expect(csvCell("-12.50")).toBe(`"'-12.50"`);
  });

  it.each([
    ["a zero-width space", "\u200B=1+1"],
    ["a zero-width joiner", "\u200D+1"],
    ["a word joiner", "\u2060@SUM(A1)"],
    ["a byte order mark", "\uFEFF=cmd"],
    ["a soft hyphen", "\u00AD=cmd"],
    ["a right-to-left override", "\u202E=cmd"],
    ["a left-to-right mark", "\u200E-1+2"],
    ["a Mongolian vowel separator", "\u180E=cmd"],
    ["a non-breaking space", "\u00A0=cmd"],
    ["a narrow non-breaking space", "\u202F+cmd"],
    ["an ideographic space", "\u3000@cmd"],
    ["a plain space", " =cmd"],
    ["spaces and a line feed", "  \n=cmd"],
    ["a vertical tab", "\u000B=cmd"],
    ["a NUL", "\u0000=cmd"],
    ["a Hangul filler", "\u3164=cmd"],
    ["several of them", "\u00A0\u200B\uFEFF =cmd"],
  ])("guards a formula behind %s", (_what, text) => {
    expect(startsFormula(text)).toBe(true);
    expect(csvCell(text)).toBe(`"'${text}"`);
  });

  it.each([
    ["full-width equals", "\uFF1D1+1"],
    ["full-width plus", "\uFF0B1"],
    ["full-width minus", "\uFF0D1"],
    ["full-width at", "\uFF20SUM(A1)"],
    ["small equals", "\uFE66cmd"],
    ["full-width equals behind a non-breaking space", "\u00A0\uFF1Dcmd"],
  ])("guards a cell that starts with %s", (_what, text) => {
    expect(startsFormula(text)).toBe(true);
    expect(csvCell(text)).toBe(`"'${text}"`);
  });

  it("leaves text alone whose first visible character starts no formula", () => {
    for (const text of [
      "a=b",
      " a=b",
      "\u00A0Berlin",
      "\u200Bname",
      "1+1",
      "'=already",
      "\uFF21BC",
      "\u3000",
    ]) {
      expect(startsFormula(text), JSON.stringify(text)).toBe(false);
      expect(csvCell(text), JSON.stringify(text)).toBe(text);
    }
  });

  it("keeps numbers machine-readable: JavaScript numbers and the export's own amounts", () => {
    expect(csvCell(42)).toBe("42");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(0.5)).toBe("0.5");
    expect(csvCell(CsvNumber.of("98.00"))).toBe("98.00");
    expect(csvCell(CsvNumber.of("-12.50"))).toBe("-12.50");
    expect(csvCell(CsvNumber.of("0"))).toBe("0");
    // A number that is not finite is text, and "-Infinity" starts like a formula.
    expect(csvCell(Number.NEGATIVE_INFINITY)).toBe(`"'-Infinity"`);
  });

  it("builds an amount only from digits, a sign and decimals, so user text never skips the guard", () => {
    for (const text of ["-1+2", "=1", "-", "", "12.", "1e5", " 12", "\u200B-12.50", "\uFF0D12"]) {
      expect(() => CsvNumber.of(text), JSON.stringify(text)).toThrow();
    }
  });
});

describe("toCsv", () => {
  it("ends every row with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c", null],
      ]),
    ).toBe("a,b\r\nc,\r\n");
  });

  it("reads back as written, with the guard's apostrophe in front of what it guarded", () => {
    const rows = [
      ["Name", "Amount", "Note"],
      ['\u200B=HYPERLINK("x")', CsvNumber.of("-12.50"), 'a,"b"\nc'],
    ];
    expect(parse(toCsv(rows))).toEqual([
      ["Name", "Amount", "Note"],
      ['\'\u200B=HYPERLINK("x")', "-12.50", 'a,"b"\nc'],
    ]);
  });
});
