/**
 * The Airtable fake must answer like Airtable, or tests of the sync client prove nothing. These
 * tests talk to it with real fetch over loopback, the way the portal does.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type FakeAirtable,
  type FakeAirtableOptions,
  type FakeAirtableRecord,
  startFakeAirtable,
} from "../../fakes/airtable-server";

let fakes: FakeAirtable[] = [];

afterEach(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  fakes = [];
});

/** A fake without rate limit unless a test asks for one, so tests can make many requests. */
async function start(options: FakeAirtableOptions = {}): Promise<FakeAirtable> {
  const fake = await startFakeAirtable({ rateLimit: false, ...options });
  fakes.push(fake);
  return fake;
}

interface Page {
  records: Array<{ id: string; createdTime: string; fields: Record<string, unknown> }>;
  offset?: string;
}

function tableUrl(fake: FakeAirtable, table: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${fake.url}/v0/${fake.baseId}/${encodeURIComponent(table)}${query ? `?${query}` : ""}`;
}

function get(fake: FakeAirtable, table: string, params: Record<string, string> = {}, init: RequestInit = {}) {
  return fetch(tableUrl(fake, table, params), {
    ...init,
    headers: { authorization: `Bearer ${fake.token}`, ...init.headers },
  });
}

function patch(fake: FakeAirtable, table: string, body: unknown) {
  return fetch(tableUrl(fake, table), {
    method: "PATCH",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function ids(fake: FakeAirtable, table: string, filterByFormula: string): Promise<string[]> {
  const res = await get(fake, table, { filterByFormula });
  expect(res.status).toBe(200);
  return ((await res.json()) as Page).records.map((r) => r.id);
}

async function expectError(res: Response, status: number, type: string): Promise<{ message: string }> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error: { type: string; message: string } };
  expect(body.error.type).toBe(type);
  return body.error;
}

describe("list records", () => {
  it("pages through 250 records with opaque offsets, in insertion order", async () => {
    const fake = await start({
      tables: { Students: Array.from({ length: 250 }, (_, i) => ({ fields: { Name: `Student ${i}` } })) },
    });
    const expected = fake.records("Students").map((r) => r.id);

    const pages: Page[] = [];
    let offset: string | undefined;
    do {
      const res = await get(fake, "Students", { pageSize: "100", ...(offset ? { offset } : {}) });
      expect(res.status).toBe(200);
      const page = (await res.json()) as Page;
      pages.push(page);
      offset = page.offset;
      if (offset) expect(offset).not.toMatch(/^\d+$/);
    } while (offset);

    expect(pages.map((p) => p.records.length)).toEqual([100, 100, 50]);
    expect(pages.flatMap((p) => p.records.map((r) => r.id))).toEqual(expected);
    expect(pages[0]?.records[0]?.fields).toEqual({ Name: "Student 0" });
    expect(pages[0]?.records[0]?.createdTime).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("defaults to pages of 100 and leaves out the offset on the last page", async () => {
    const fake = await start({
      tables: { Students: Array.from({ length: 100 }, () => ({ fields: { N: 1 } })) },
    });
    const page = (await (await get(fake, "Students")).json()) as Page;
    expect(page.records).toHaveLength(100);
    expect(page).not.toHaveProperty("offset");
  });

  it("leaves out empty cells like Airtable", async () => {
    const fake = await start({
      tables: {
        T: [{ fields: { Name: "x", Blank: "", Nothing: null, Unchecked: false, None: [], Zero: 0 } }],
      },
    });
    const page = (await (await get(fake, "T")).json()) as Page;
    expect(page.records[0]?.fields).toEqual({ Name: "x", Zero: 0 });
  });

  it("serves an empty table", async () => {
    const fake = await start({ tables: { Empty: [] } });
    expect(await (await get(fake, "Empty")).json()).toEqual({ records: [] });
  });

  it("refuses a pageSize out of 1..100", async () => {
    const fake = await start({ tables: { T: [{ fields: { A: "1" } }, { fields: { A: "2" } }] } });
    for (const pageSize of ["0", "101", "-1", "abc", "1.5"]) {
      await expectError(await get(fake, "T", { pageSize }), 422, "INVALID_REQUEST_UNKNOWN");
    }
    const page = (await (await get(fake, "T", { pageSize: "1" })).json()) as Page;
    expect(page.records).toHaveLength(1);
    expect(page.offset).toBeTypeOf("string");
  });

  it("refuses query parameters it does not implement rather than ignoring them", async () => {
    const fake = await start({ tables: { T: [] } });
    await expectError(await get(fake, "T", { "fields[]": "Name" }), 422, "INVALID_REQUEST_UNKNOWN");
  });

  it("answers a garbage offset with INVALID_OFFSET_VALUE and an unknown one with LIST_RECORDS_ITERATOR_NOT_AVAILABLE", async () => {
    const fake = await start({ tables: { T: Array.from({ length: 3 }, (_, i) => ({ fields: { N: i } })) } });
    const error = await expectError(await get(fake, "T", { offset: "100" }), 422, "INVALID_OFFSET_VALUE");
    expect(error.message).toBe("The value of offset 100 is invalid");
    await expectError(await get(fake, "T", { offset: "garbage" }), 422, "INVALID_OFFSET_VALUE");
    await expectError(
      await get(fake, "T", { offset: "itrAAAAAAAAAAAAAA/recAAAAAAAAAAAAAA" }),
      422,
      "LIST_RECORDS_ITERATOR_NOT_AVAILABLE",
    );
  });

  it("answers a retried offset with the same page, and expired offsets with 422", async () => {
    const fake = await start({ tables: { T: Array.from({ length: 5 }, (_, i) => ({ fields: { N: i } })) } });
    const first = (await (await get(fake, "T", { pageSize: "2" })).json()) as Page;
    const offset = first.offset as string;
    const again = await (await get(fake, "T", { pageSize: "2", offset })).json();
    expect(await (await get(fake, "T", { pageSize: "2", offset })).json()).toEqual(again);

    // An offset belongs to its query; another formula cannot continue it.
    await expectError(
      await get(fake, "T", { pageSize: "2", offset, filterByFormula: "{N} = '1'" }),
      422,
      "LIST_RECORDS_ITERATOR_NOT_AVAILABLE",
    );

    fake.expireOffsets();
    await expectError(await get(fake, "T", { offset }), 422, "LIST_RECORDS_ITERATOR_NOT_AVAILABLE");
  });

  it("keeps a query's matches while paging, showing current fields and skipping deleted records", async () => {
    const fake = await start({
      tables: { T: Array.from({ length: 4 }, (_, i) => ({ fields: { N: String(i) } })) },
    });
    const [, , third, fourth] = fake.records("T").map((r) => r.id) as [string, string, string, string];
    const first = (await (await get(fake, "T", { pageSize: "2" })).json()) as Page;
    fake.remove("T", third);
    fake.update("T", fourth, { N: "changed" });
    fake.insert("T", [{ fields: { N: "late" } }]);
    const second = (await (
      await get(fake, "T", { pageSize: "2", offset: first.offset as string })
    ).json()) as Page;
    expect(second.records.map((r) => r.fields.N)).toEqual(["changed"]);
    expect(second).not.toHaveProperty("offset");
  });

  it("serves 10,000 records in 100-record pages quickly", async () => {
    const fake = await start({
      tables: {
        Big: Array.from({ length: 10_000 }, (_, i) => ({ fields: { Name: `n${i}`, Status: "Active" } })),
      },
    });
    const started = performance.now();
    let count = 0;
    let offset: string | undefined;
    do {
      const params: Record<string, string> = { pageSize: "100", filterByFormula: "{Status} = 'Active'" };
      if (offset) params.offset = offset;
      const page = (await (await get(fake, "Big", params)).json()) as Page;
      count += page.records.length;
      offset = page.offset;
    } while (offset);
    expect(count).toBe(10_000);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe("filterByFormula", () => {
  async function fixture() {
    const fake = await start({
      tables: {
        People: [
          {
            id: "recAAAAAAAAAAAAA1",
            fields: { "Full Name": "Ann Lee", Email: "ann@example.com", Team: ["Blue"] },
          },
          {
            id: "recAAAAAAAAAAAAA2",
            fields: { "Full Name": "O'Brien", Email: "ob@example.com", Team: ["Blue", "Red"] },
          },
          {
            id: "recAAAAAAAAAAAAA3",
            fields: { "Full Name": "back\\slash", Email: "bs@example.com", Team: [] },
          },
          { id: "recAAAAAAAAAAAAA4", fields: { "Full Name": 'Say "hi"', Email: "", Age: 42 } },
        ],
      },
    });
    return fake;
  }

  it("matches {Field Name} = 'value', with spaces in the name and escapes in the string", async () => {
    const fake = await fixture();
    expect(await ids(fake, "People", "{Full Name} = 'Ann Lee'")).toEqual(["recAAAAAAAAAAAAA1"]);
    expect(await ids(fake, "People", "{Full Name}='O\\'Brien'")).toEqual(["recAAAAAAAAAAAAA2"]);
    expect(await ids(fake, "People", "{Full Name} = 'back\\\\slash'")).toEqual(["recAAAAAAAAAAAAA3"]);
    expect(await ids(fake, "People", '{Full Name} = "Say \\"hi\\""')).toEqual(["recAAAAAAAAAAAAA4"]);
    expect(await ids(fake, "People", '{Full Name} = "O\'Brien"')).toEqual(["recAAAAAAAAAAAAA2"]);
    expect(await ids(fake, "People", "{Age} = '42'")).toEqual(["recAAAAAAAAAAAAA4"]);
    expect(await ids(fake, "People", "{Full Name} = 'ann lee'")).toEqual([]);
  });

  it("compares an empty cell as an empty string", async () => {
    const fake = await fixture();
    expect(await ids(fake, "People", "{Email} = ''")).toEqual(["recAAAAAAAAAAAAA4"]);
  });

  it("treats a lookup array as its elements joined with commas", async () => {
    const fake = await fixture();
    expect(await ids(fake, "People", "{Team} = 'Blue'")).toEqual(["recAAAAAAAAAAAAA1"]);
    expect(await ids(fake, "People", "{Team} = 'Blue, Red'")).toEqual(["recAAAAAAAAAAAAA2"]);
  });

  it("matches RECORD_ID() = 'rec...'", async () => {
    const fake = await fixture();
    expect(await ids(fake, "People", "RECORD_ID() = 'recAAAAAAAAAAAAA3'")).toEqual(["recAAAAAAAAAAAAA3"]);
  });

  it("combines with AND and OR, nested", async () => {
    const fake = await fixture();
    expect(
      await ids(fake, "People", "OR({Email} = 'ann@example.com', RECORD_ID() = 'recAAAAAAAAAAAAA3')"),
    ).toEqual(["recAAAAAAAAAAAAA1", "recAAAAAAAAAAAAA3"]);
    expect(await ids(fake, "People", "AND({Team} = 'Blue', {Email} = 'ann@example.com')")).toEqual([
      "recAAAAAAAAAAAAA1",
    ]);
    expect(
      await ids(
        fake,
        "People",
        "and(OR({Full Name} = 'Ann Lee', {Full Name} = 'O\\'Brien'), or({Team} = 'Blue, Red'))",
      ),
    ).toEqual(["recAAAAAAAAAAAAA2"]);
  });

  it("finds records modified strictly after an instant with IS_AFTER(LAST_MODIFIED_TIME(), ...)", async () => {
    const fake = await start({
      tables: {
        T: [
          { id: "recBBBBBBBBBBBBB1", fields: { A: "1" }, lastModifiedTime: "2026-11-21T09:59:59.999Z" },
          { id: "recBBBBBBBBBBBBB2", fields: { A: "2" }, lastModifiedTime: "2026-11-21T10:00:00.000Z" },
          { id: "recBBBBBBBBBBBBB3", fields: { A: "3" }, lastModifiedTime: "2026-11-21T10:00:00.001Z" },
        ],
      },
    });
    const after = "IS_AFTER(LAST_MODIFIED_TIME(), '2026-11-21T10:00:00.000Z')";
    expect(await ids(fake, "T", after)).toEqual(["recBBBBBBBBBBBBB3"]);
    expect(await ids(fake, "T", `AND(${after}, {A} = '3')`)).toEqual(["recBBBBBBBBBBBBB3"]);
    expect(await ids(fake, "T", `OR(${after}, {A} = '1')`)).toEqual([
      "recBBBBBBBBBBBBB1",
      "recBBBBBBBBBBBBB3",
    ]);
    // An unparseable date is #ERROR! in Airtable, which filters every record out.
    expect(await ids(fake, "T", "IS_AFTER(LAST_MODIFIED_TIME(), 'not a date')")).toEqual([]);
  });

  it("treats an empty formula as no filter", async () => {
    const fake = await fixture();
    expect(await ids(fake, "People", "")).toHaveLength(4);
  });

  it("answers 422 INVALID_FILTER_BY_FORMULA to anything else", async () => {
    const fake = await fixture();
    const invalid = [
      "{Email}",
      "{Email} != 'x'",
      "{Email} = 'unterminated",
      "{Email = 'x'",
      "NOT({Email} = 'x')",
      "AND()",
      "AND({Email} = 'x',)",
      "{Email} = 'x' extra",
      "IS_AFTER(LAST_MODIFIED_TIME())",
      "LAST_MODIFIED_TIME({Email}) = 'x'",
      "1 = 1",
      "{Email} = 'a' & 'b'",
      "AND('x', {Email} = 'x')",
    ];
    for (const filterByFormula of invalid) {
      const res = await get(fake, "People", { filterByFormula });
      const error = await expectError(res, 422, "INVALID_FILTER_BY_FORMULA");
      expect(error.message).toBe(
        "The formula for filtering records is invalid: Invalid formula. Please check your formula text.",
      );
    }
  });

  it("names unknown fields, as Airtable does", async () => {
    const fake = await fixture();
    const error = await expectError(
      await get(fake, "People", { filterByFormula: "OR({Nope} = 'x', {Email} = 'y')" }),
      422,
      "INVALID_FILTER_BY_FORMULA",
    );
    expect(error.message).toBe("The formula for filtering records is invalid: Unknown field names: Nope");
  });

  it("knows fields declared with the `fields` option even when no record holds them", async () => {
    const fake = await start({ tables: { T: [] }, fields: { T: ["Email"] } });
    expect(await ids(fake, "T", "{Email} = 'x'")).toEqual([]);
  });
});

describe("authentication and routing", () => {
  it("answers 401 without a bearer token, and another 401 with a wrong one", async () => {
    const fake = await start({ tables: { T: [] } });
    const missing = await fetch(tableUrl(fake, "T"));
    expect(await missing.json()).toEqual({
      error: { type: "AUTHENTICATION_REQUIRED", message: "Authentication required" },
    });
    expect(missing.status).toBe(401);
    await expectError(
      await get(fake, "T", {}, { headers: { authorization: `Basic ${fake.token}` } }),
      401,
      "AUTHENTICATION_REQUIRED",
    );
    await expectError(
      await get(fake, "T", {}, { headers: { authorization: "Bearer patWrong" } }),
      401,
      "UNAUTHORIZED",
    );
  });

  it("answers 403 INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND for an unknown base or table", async () => {
    const fake = await start({ tables: { T: [] } });
    await expectError(await get(fake, "Nope"), 403, "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND");
    const otherBase = await fetch(`${fake.url}/v0/appOtherBase000000/T`, {
      headers: { authorization: `Bearer ${fake.token}` },
    });
    await expectError(otherBase, 403, "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND");
  });

  it("decodes table names with spaces and slashes", async () => {
    const fake = await start({ tables: { "Student / Parent": [{ fields: { A: "x" } }] } });
    const res = await get(fake, "Student / Parent");
    expect(res.status).toBe(200);
    expect(fake.requests()[0]?.table).toBe("Student / Parent");
  });

  it("answers 404 NOT_FOUND to other paths and methods", async () => {
    const fake = await start({ tables: { T: [] } });
    const auth = { authorization: `Bearer ${fake.token}` };
    for (const [method, path] of [
      ["GET", "/"],
      ["GET", `/v0/${fake.baseId}`],
      ["GET", `/v0/${fake.baseId}/T/recAAAAAAAAAAAAAA`],
      ["POST", `/v0/${fake.baseId}/T/recAAAAAAAAAAAAAA`],
      ["DELETE", `/v0/${fake.baseId}/T`],
    ] as const) {
      const res = await fetch(`${fake.url}${path}`, { method, headers: auth });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "NOT_FOUND" });
    }
  });
});

function post(fake: FakeAirtable, table: string, body: unknown) {
  return fetch(tableUrl(fake, table), {
    method: "POST",
    headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("create records (POST)", () => {
  it("creates records with Airtable's ids, answers them in order, and lists them after", async () => {
    const clock = new Date("2026-11-27T09:00:00.000Z");
    const fake = await start({ now: () => clock, fields: { T: ["Name", "Status", "Notes"] } });
    const res = await post(fake, "T", {
      records: [{ fields: { Name: "Ann", Status: "New", Notes: "" } }, { fields: { Name: "Bob" } }],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Page;
    expect(body.records.map((r) => r.fields)).toEqual([{ Name: "Ann", Status: "New" }, { Name: "Bob" }]);
    for (const record of body.records) {
      expect(record.id).toMatch(/^rec[A-Za-z0-9]{14}$/);
      expect(record.createdTime).toBe("2026-11-27T09:00:00.000Z");
    }
    expect(fake.records("T").map((r) => r.id)).toEqual(body.records.map((r) => r.id));
    expect(await ids(fake, "T", "{Name} = 'Bob'")).toEqual([body.records[1]?.id]);
    expect(fake.requests().find((r) => r.method === "POST")?.table).toBe("T");
  });

  it("refuses more than 10 records, an unknown field or a malformed body, and creates nothing", async () => {
    const fake = await start({ fields: { T: ["Name"] } });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ fields: { Name: `N${i}` } }));
    const error = await expectError(await post(fake, "T", { records: eleven }), 422, "INVALID_RECORDS");
    expect(error.message).toBe(
      "A maximum of 10 records can be created per request but you have provided 11.",
    );
    const unknown = await expectError(
      await post(fake, "T", { records: [{ fields: { Name: "A" } }, { fields: { Colour: "red" } }] }),
      422,
      "UNKNOWN_FIELD_NAME",
    );
    expect(unknown.message).toBe('Unknown field name: "Colour"');
    for (const body of [
      "{",
      { records: [] },
      { records: [{ id: "recX", fields: {} }] },
      { records: [1] },
      {},
    ]) {
      expect((await post(fake, "T", body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(fake.records("T")).toEqual([]);
    expect((await post(fake, "T", { records: eleven.slice(0, 10) })).status).toBe(200);
    expect(fake.records("T")).toHaveLength(10);
  });

  it("fails a POST on a fault for POST only, and applies a slow create though its answer is late", async () => {
    const fake = await start({ fields: { T: ["Name"] } });
    fake.injectFault({ kind: "status", status: 500, method: "POST" });
    expect((await get(fake, "T")).status).toBe(200);
    expect((await post(fake, "T", { records: [{ fields: { Name: "A" } }] })).status).toBe(500);
    expect(fake.records("T")).toEqual([]);
    fake.injectFault({ kind: "slow", delayMs: 2_000, method: "POST" });
    await expect(
      fetch(tableUrl(fake, "T"), {
        method: "POST",
        headers: { authorization: `Bearer ${fake.token}`, "content-type": "application/json" },
        body: JSON.stringify({ records: [{ fields: { Name: "B" } }] }),
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    expect(fake.records("T").map((r) => r.fields)).toEqual([{ Name: "B" }]);
  });
});

describe("update records (PATCH)", () => {
  it("merges fields, returns whole records and bumps the modified time so IS_AFTER finds them", async () => {
    let clock = new Date("2026-11-21T09:00:00.000Z");
    const fake = await start({
      now: () => clock,
      tables: {
        T: [
          { id: "recCCCCCCCCCCCCC1", fields: { Name: "Ann", Status: "New", Notes: "" } },
          { id: "recCCCCCCCCCCCCC2", fields: { Name: "Bob", Status: "New" } },
        ],
      },
    });
    const since = "IS_AFTER(LAST_MODIFIED_TIME(), '2026-11-21T10:00:00.000Z')";
    expect(await ids(fake, "T", since)).toEqual([]);

    clock = new Date("2026-11-21T10:05:00.000Z");
    const res = await patch(fake, "T", {
      records: [{ id: "recCCCCCCCCCCCCC1", fields: { Status: "Synced", Notes: "hi" } }],
      typecast: false,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      records: [
        {
          id: "recCCCCCCCCCCCCC1",
          createdTime: "2026-11-21T09:00:00.000Z",
          fields: { Name: "Ann", Status: "Synced", Notes: "hi" },
        },
      ],
    });
    expect(fake.records("T")[0]?.lastModifiedTime).toBe("2026-11-21T10:05:00.000Z");
    expect(await ids(fake, "T", since)).toEqual(["recCCCCCCCCCCCCC1"]);

    const logged = fake.requests().find((r) => r.method === "PATCH");
    expect(logged?.body).toEqual({
      records: [{ id: "recCCCCCCCCCCCCC1", fields: { Status: "Synced", Notes: "hi" } }],
      typecast: false,
    });
    expect(logged?.status).toBe(200);
  });

  it("clears a field set to null, leaving it out of the answer", async () => {
    const fake = await start({
      tables: { T: [{ id: "recCCCCCCCCCCCCC1", fields: { Name: "Ann", Notes: "x" } }] },
    });
    const res = await patch(fake, "T", { records: [{ id: "recCCCCCCCCCCCCC1", fields: { Notes: null } }] });
    expect(((await res.json()) as Page).records[0]?.fields).toEqual({ Name: "Ann" });
  });

  it("refuses more than 10 records and changes nothing", async () => {
    const fake = await start({
      tables: { T: Array.from({ length: 11 }, () => ({ fields: { Status: "New" } })) },
    });
    const records = fake.records("T").map((r) => ({ id: r.id, fields: { Status: "Synced" } }));
    const error = await expectError(await patch(fake, "T", { records }), 422, "INVALID_RECORDS");
    expect(error.message).toBe(
      "A maximum of 10 records can be updated per request but you have provided 11.",
    );
    expect(fake.records("T").every((r) => r.fields.Status === "New")).toBe(true);
    expect((await patch(fake, "T", { records: records.slice(0, 10) })).status).toBe(200);
  });

  it("refuses an unknown field name, and applies none of the batch", async () => {
    const fake = await start({
      tables: {
        T: [
          { id: "recCCCCCCCCCCCCC1", fields: { Status: "New" } },
          { id: "recCCCCCCCCCCCCC2", fields: { Status: "New" } },
        ],
      },
    });
    const error = await expectError(
      await patch(fake, "T", {
        records: [
          { id: "recCCCCCCCCCCCCC1", fields: { Status: "Synced" } },
          { id: "recCCCCCCCCCCCCC2", fields: { Sttus: "Synced" } },
        ],
      }),
      422,
      "UNKNOWN_FIELD_NAME",
    );
    expect(error.message).toBe('Unknown field name: "Sttus"');
    expect(fake.records("T").map((r) => r.fields.Status)).toEqual(["New", "New"]);
  });

  it("refuses an unknown record id with ROW_DOES_NOT_EXIST", async () => {
    const fake = await start({ tables: { T: [{ fields: { Status: "New" } }] } });
    const error = await expectError(
      await patch(fake, "T", { records: [{ id: "recZZZZZZZZZZZZZZ", fields: { Status: "x" } }] }),
      422,
      "ROW_DOES_NOT_EXIST",
    );
    expect(error.message).toBe("Record ID recZZZZZZZZZZZZZZ does not exist in this table");
  });

  it("refuses a body that is not JSON, or not of the right shape", async () => {
    const fake = await start({ tables: { T: [{ id: "recCCCCCCCCCCCCC1", fields: { Status: "New" } }] } });
    await expectError(await patch(fake, "T", "{not json"), 422, "INVALID_REQUEST_BODY");
    expect(fake.requests()[0]?.body).toBe("{not json");
    for (const body of [
      {},
      { records: [] },
      { records: {} },
      { records: [{ fields: { Status: "x" } }] },
      { records: [{ id: "recCCCCCCCCCCCCC1", fields: [] }] },
      { records: [{ id: "recCCCCCCCCCCCCC1", fields: {} }], typecast: "yes" },
      { records: [{ id: "recCCCCCCCCCCCCC1", fields: {} }], performUpsert: { fieldsToMergeOn: ["Status"] } },
    ]) {
      await expectError(await patch(fake, "T", body), 422, "INVALID_REQUEST_UNKNOWN");
    }
  });

  it("checks the token before the body", async () => {
    const fake = await start({ tables: { T: [] } });
    const res = await fetch(tableUrl(fake, "T"), { method: "PATCH", body: "{not json" });
    expect(res.status).toBe(401);
  });
});

describe("rate limit", () => {
  it("answers the 6th request within a second with 429, then 429 to everything until the penalty ends", async () => {
    const fake = await start({ rateLimit: { requestsPerSecond: 5, penaltyMs: 300 }, tables: { T: [] } });
    for (let i = 0; i < 5; i++) expect((await get(fake, "T")).status).toBe(200);
    const limited = await get(fake, "T");
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      errors: [{ error: "RATE_LIMIT_REACHED", message: "Rate limit exceeded. Please try again later" }],
    });
    expect((await patch(fake, "T", { records: [] })).status).toBe(429);
    expect((await get(fake, "T")).status).toBe(429);

    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await get(fake, "T")).status).toBe(200);
    expect(fake.requests().map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 200]);
  });

  it("lets 5 requests a second through indefinitely", async () => {
    const fake = await start({ rateLimit: { requestsPerSecond: 5, penaltyMs: 30_000 }, tables: { T: [] } });
    for (let i = 0; i < 5; i++) expect((await get(fake, "T")).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1010));
    for (let i = 0; i < 5; i++) expect((await get(fake, "T")).status).toBe(200);
  });

  it("limits each base on its own, counting faulted requests but not refused ones", async () => {
    const fake = await start({ rateLimit: { requestsPerSecond: 2, penaltyMs: 30_000 }, tables: { T: [] } });
    fake.injectFault({ kind: "status", status: 503, times: 3 });
    expect((await get(fake, "T")).status).toBe(503);
    expect((await get(fake, "T")).status).toBe(503);
    expect((await get(fake, "T")).status).toBe(429);
    expect(fake.requests().map((r) => r.fault)).toEqual(["status", "status", undefined]);
    fake.clearFaults(); // the third fault was left queued by the refused request
    const other = await fetch(`${fake.url}/v0/appOtherBase000000/T`, {
      headers: { authorization: `Bearer ${fake.token}` },
    });
    expect(other.status).toBe(403);
  });

  it("is on by default at 5 requests per second", async () => {
    const fake = await startFakeAirtable({ tables: { T: [] } });
    fakes.push(fake);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(fake, "T")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("faults", () => {
  it("answers an injected status with an Airtable-like body, for the matching requests only", async () => {
    const fake = await start({ tables: { T: [{ id: "recCCCCCCCCCCCCC1", fields: { S: "a" } }], U: [] } });
    fake.injectFault({ kind: "status", status: 503, times: 2, method: "GET", table: "T" });
    expect((await get(fake, "U")).status).toBe(200);
    expect(
      (await patch(fake, "T", { records: [{ id: "recCCCCCCCCCCCCC1", fields: { S: "b" } }] })).status,
    ).toBe(200);
    await expectError(await get(fake, "T"), 503, "SERVICE_UNAVAILABLE");
    await expectError(await get(fake, "T"), 503, "SERVICE_UNAVAILABLE");
    expect((await get(fake, "T")).status).toBe(200);

    fake.injectFault({ kind: "status", status: 500 });
    await expectError(await get(fake, "T"), 500, "SERVER_ERROR");
    fake.injectFault({ kind: "status", status: 502, body: "<html>Bad gateway</html>" });
    const html = await get(fake, "T");
    expect(html.status).toBe(502);
    expect(await html.text()).toBe("<html>Bad gateway</html>");
    expect(fake.requests().filter((r) => r.fault === "status")).toHaveLength(4);
  });

  it("clears queued faults", async () => {
    const fake = await start({ tables: { T: [] } });
    fake.injectFault({ kind: "status", status: 500, times: 5 });
    fake.clearFaults();
    expect((await get(fake, "T")).status).toBe(200);
  });

  it("answers slowly, so a client timeout fires, yet applies the request", async () => {
    const fake = await start({ tables: { T: [{ id: "recCCCCCCCCCCCCC1", fields: { S: "a" } }] } });
    fake.injectFault({ kind: "slow", delayMs: 400, method: "PATCH" });
    await expect(
      fetch(tableUrl(fake, "T"), {
        method: "PATCH",
        headers: { authorization: `Bearer ${fake.token}` },
        body: JSON.stringify({ records: [{ id: "recCCCCCCCCCCCCC1", fields: { S: "b" } }] }),
        signal: AbortSignal.timeout(100),
      }),
    ).rejects.toThrow(/abort|timeout/i);
    expect(fake.records("T")[0]?.fields.S).toBe("b");

    fake.injectFault({ kind: "slow", delayMs: 150 });
    const started = performance.now();
    const res = await get(fake, "T");
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it("never answers a hanging request", async () => {
    const fake = await start({ tables: { T: [] } });
    fake.injectFault({ kind: "hang" });
    await expect(get(fake, "T", {}, { signal: AbortSignal.timeout(150) })).rejects.toThrow(/abort|timeout/i);
    expect(fake.requests()[0]).toMatchObject({ fault: "hang", status: null });
    expect((await get(fake, "T")).status).toBe(200);
  });

  it("answers 200 with a truncated body, or the body given", async () => {
    const fake = await start({ tables: { T: [] } });
    fake.injectFault({ kind: "malformed" });
    const broken = await get(fake, "T");
    expect(broken.status).toBe(200);
    await expect(broken.json()).rejects.toThrow(SyntaxError);

    fake.injectFault({ kind: "malformed", body: '{"rows":[]}' });
    expect(await (await get(fake, "T")).json()).toEqual({ rows: [] });
  });

  it("resets the connection without an answer", async () => {
    const fake = await start({ tables: { T: [] } });
    fake.injectFault({ kind: "reset" });
    await expect(get(fake, "T")).rejects.toThrow(TypeError);
    expect(fake.requests()[0]).toMatchObject({ fault: "reset", status: null });
    expect((await get(fake, "T")).status).toBe(200);
  });

  it("adds latencyMs to every answer", async () => {
    const fake = await start({ latencyMs: 120, tables: { T: [] } });
    const started = performance.now();
    expect((await fetch(`${fake.url}/nowhere`)).status).toBe(404);
    expect((await get(fake, "T")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(230);
  });

  it("closes promptly with hanging and slow requests in flight", async () => {
    const fake = await startFakeAirtable({ rateLimit: false, tables: { T: [] } });
    fake.injectFault({ kind: "hang" });
    fake.injectFault({ kind: "slow", delayMs: 60_000 });
    const hanging = get(fake, "T").then(
      () => "answered",
      () => "failed",
    );
    const slow = get(fake, "T").then(
      () => "answered",
      () => "failed",
    );
    await expect.poll(() => fake.requests().length).toBe(2);
    const started = performance.now();
    await fake.close();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await Promise.all([hanging, slow])).toEqual(["failed", "failed"]);
  });
});

describe("inspection API", () => {
  it("inserts with generated ids and times from `now`, and returns copies", async () => {
    const fake = await start({ now: () => new Date("2026-01-02T03:04:05.000Z") });
    const [record] = fake.insert("New Table", [{ fields: { Name: "x", Tags: ["a"] } }]);
    expect(record?.id).toMatch(/^rec[A-Za-z0-9]{14}$/);
    expect(record).toMatchObject({
      createdTime: "2026-01-02T03:04:05.000Z",
      lastModifiedTime: "2026-01-02T03:04:05.000Z",
    });
    const copy = fake.records("New Table")[0] as FakeAirtableRecord;
    (copy.fields.Tags as string[]).push("b");
    expect(fake.records("New Table")[0]?.fields.Tags).toEqual(["a"]);
    expect(() => fake.insert("New Table", [{ id: record?.id, fields: {} }])).toThrow(/already/);
  });

  it("updates with merge and bump, and removes", async () => {
    const fake = await start({ tables: { T: [{ id: "recCCCCCCCCCCCCC1", fields: { A: "1", B: "2" } }] } });
    const updated = fake.update(
      "T",
      "recCCCCCCCCCCCCC1",
      { B: "3", C: "new" },
      new Date("2030-01-01T00:00:00Z"),
    );
    expect(updated.fields).toEqual({ A: "1", B: "3", C: "new" });
    expect(updated.lastModifiedTime).toBe("2030-01-01T00:00:00.000Z");
    // A field added through update() becomes part of the table's schema.
    expect(await ids(fake, "T", "{C} = 'new'")).toEqual(["recCCCCCCCCCCCCC1"]);
    fake.remove("T", "recCCCCCCCCCCCCC1");
    expect(fake.records("T")).toEqual([]);
    expect(() => fake.remove("T", "recCCCCCCCCCCCCC1")).toThrow();
    expect(() => fake.records("Nope")).toThrow();
  });

  it("logs every request with arrival time, table, query and status", async () => {
    const fake = await start({ tables: { T: [] } });
    const before = Date.now();
    await get(fake, "T", { pageSize: "10", filterByFormula: "{A} = 'x'" }).catch(() => {});
    await fetch(`${fake.url}/elsewhere`);
    const [first, second] = fake.requests();
    expect(first).toMatchObject({
      method: "GET",
      path: `/v0/${fake.baseId}/T`,
      table: "T",
      query: { pageSize: "10", filterByFormula: "{A} = 'x'" },
      status: 422, // {A} is not a field of T
    });
    expect(first?.time).toBeGreaterThanOrEqual(before);
    expect(second).toMatchObject({ method: "GET", path: "/elsewhere", table: null, status: 404 });
    fake.resetRequests();
    expect(fake.requests()).toEqual([]);
  });
});
