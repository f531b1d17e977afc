import { afterEach, describe, expect, it } from "vitest";
import {
  type AirtableClientOptions,
  AirtableError,
  createAirtableClient,
  type RetryPolicy,
} from "../../../../src/server/platform/adapters/records/airtable-client";
import type { RequestGate } from "../../../../src/server/platform/adapters/records/airtable-rate-gate";
import {
  type FakeAirtable,
  type FakeAirtableOptions,
  startFakeAirtable,
} from "../../../fakes/airtable-server";

const RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 1, maxDelayMs: 5, rateLimitedAttempts: 2 };
const TIMEOUT_MS = 300;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface TestGate extends RequestGate {
  acquired: number;
  holdOffs: number[];
}

/** An in-memory gate; `sleepOnHoldOff` makes holdOff really wait, as the database gate does. */
function memoryGate(sleepOnHoldOff = false): TestGate {
  const gate: TestGate = {
    acquired: 0,
    holdOffs: [],
    async acquire() {
      gate.acquired += 1;
    },
    async holdOff(ms) {
      gate.holdOffs.push(ms);
      if (sleepOnHoldOff) await sleep(ms);
    },
  };
  return gate;
}

let fakes: FakeAirtable[] = [];

afterEach(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  fakes = [];
});

const USERS = Array.from({ length: 3 }, (_, i) => ({
  id: `rec0000000000000${i}`,
  fields: { UID: `uid-${i}`, Name: `User ${i}` },
}));

async function setup(
  options: { fake?: FakeAirtableOptions; client?: Partial<AirtableClientOptions>; gate?: TestGate } = {},
) {
  const fake = await startFakeAirtable({ rateLimit: false, tables: { Users: USERS }, ...options.fake });
  fakes.push(fake);
  const gate = options.gate ?? memoryGate();
  const client = createAirtableClient({
    apiUrl: fake.url,
    baseId: fake.baseId,
    token: fake.token,
    gate,
    timeoutMs: TIMEOUT_MS,
    retry: RETRY,
    ...options.client,
  });
  return { fake, gate, client };
}

async function airtableError(promise: Promise<unknown>): Promise<AirtableError> {
  const error = await promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AirtableError);
  return error as AirtableError;
}

describe("listPage", () => {
  it("sends the token and pageSize=100, and returns the records", async () => {
    const { fake, gate, client } = await setup();
    const page = await client.listPage("Users");
    expect(page.records.map((r) => r.id)).toEqual(USERS.map((u) => u.id));
    expect(page.records[0]?.fields).toEqual({ UID: "uid-0", Name: "User 0" });
    expect(page.offset).toBeUndefined();
    const [request, ...rest] = fake.requests();
    expect(rest).toEqual([]);
    expect(request).toMatchObject({
      method: "GET",
      path: `/v0/${fake.baseId}/Users`,
      query: { pageSize: "100" },
      status: 200,
    });
    expect(gate.acquired).toBe(1);
  });

  it("authenticates with a Bearer token", async () => {
    const { client } = await setup({ client: { token: "patWrong" } });
    const error = await airtableError(client.listPage("Users"));
    expect(error.status).toBe(401);
    expect(error.message).toContain("UNAUTHORIZED");
  });

  it("passes the offset and the formula, and encodes the table name", async () => {
    const accounts = ["a", "b", "a", "a"].map((group, i) => ({
      id: `rec1000000000000${i}`,
      fields: { UID: `uid-${i}`, Group: group },
    }));
    const { fake, client } = await setup({ fake: { tables: { "LinkedIn Accounts": accounts } } });
    const formula = "{Group} = 'a'";
    const first = await client.listPage("LinkedIn Accounts", { pageSize: 2, filterByFormula: formula });
    expect(first.records.map((r) => r.id)).toEqual(["rec10000000000000", "rec10000000000002"]);
    expect(first.offset).toEqual(expect.any(String));
    const second = await client.listPage("LinkedIn Accounts", {
      pageSize: 2,
      filterByFormula: formula,
      offset: first.offset,
    });
    expect(second.records.map((r) => r.id)).toEqual(["rec10000000000003"]);
    expect(second.offset).toBeUndefined();

    const requests = fake.requests();
    expect(requests.map((r) => r.path)).toEqual([
      `/v0/${fake.baseId}/LinkedIn%20Accounts`,
      `/v0/${fake.baseId}/LinkedIn%20Accounts`,
    ]);
    expect(requests[0]?.query).toEqual({ pageSize: "2", filterByFormula: formula });
    expect(requests[1]?.query).toEqual({ pageSize: "2", filterByFormula: formula, offset: first.offset });
  });

  it("retries 503 answers and returns the page that follows", async () => {
    const retries: string[] = [];
    const { fake, gate, client } = await setup({
      client: { onRetry: ({ reason }) => retries.push(reason) },
    });
    fake.injectFault({ kind: "status", status: 503, times: 2 });
    const page = await client.listPage("Users");
    expect(page.records).toHaveLength(3);
    expect(fake.requests().map((r) => r.status)).toEqual([503, 503, 200]);
    expect(gate.acquired).toBe(3);
    expect(retries).toHaveLength(2);
    expect(retries[0]).toContain("503");
  });

  it("gives up on a persistent 500 after exactly `attempts` requests", async () => {
    const { fake, client } = await setup();
    fake.injectFault({ kind: "status", status: 500, times: 100 });
    const error = await airtableError(client.listPage("Users"));
    expect(fake.requests()).toHaveLength(RETRY.attempts);
    expect(error.status).toBe(500);
    expect(error.type).toBe("SERVER_ERROR");
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("SERVER_ERROR");
  });

  it.each([
    [401, "AUTHENTICATION_REQUIRED"],
    [403, "INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND"],
    [404, "NOT_FOUND"],
    [422, "INVALID_REQUEST_UNKNOWN"],
  ])("does not retry a %i answer, and names its type", async (status, type) => {
    const { fake, client } = await setup();
    fake.injectFault({ kind: "status", status, times: 5 });
    const error = await airtableError(client.listPage("Users"));
    expect(fake.requests()).toHaveLength(1);
    expect(error.status).toBe(status);
    expect(error.type).toBe(type);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain(type);
    expect(error.message).toContain(`Airtable answered ${status}`);
  });

  it("does not retry a table that does not exist", async () => {
    const { fake, client } = await setup();
    const error = await airtableError(client.listPage("Nope"));
    expect(fake.requests()).toHaveLength(1);
    expect(error.status).toBe(403);
  });

  it("retries a body that is not JSON", async () => {
    const { fake, client } = await setup();
    fake.injectFault({ kind: "malformed" });
    const page = await client.listPage("Users");
    expect(page.records).toHaveLength(3);
    expect(fake.requests().map((r) => r.fault)).toEqual(["malformed", undefined]);
  });

  it("retries JSON of the wrong shape", async () => {
    const { fake, client } = await setup();
    fake.injectFault({ kind: "malformed", body: '{"rows":[]}', times: 2 });
    const page = await client.listPage("Users");
    expect(page.records).toHaveLength(3);
    expect(fake.requests()).toHaveLength(3);
  });

  it("reports a body that stays malformed as a retryable failure", async () => {
    const { fake, client } = await setup();
    fake.injectFault({ kind: "malformed", times: 100 });
    const error = await airtableError(client.listPage("Users"));
    expect(fake.requests()).toHaveLength(RETRY.attempts);
    expect(error.message).toContain("malformed");
    expect(error.retryable).toBe(true);
  });

  it("times out a request that gets no answer, and retries it", async () => {
    const { fake, client } = await setup();
    fake.injectFault({ kind: "hang" });
    const started = Date.now();
    const page = await client.listPage("Users");
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(page.records).toHaveLength(3);
    expect(fake.requests().map((r) => r.fault)).toEqual(["hang", undefined]);
  });

  it("times out an answer slower than the timeout, and retries it", async () => {
    const { fake, client } = await setup();
    fake.injectFault({ kind: "slow", delayMs: TIMEOUT_MS + 300 });
    const page = await client.listPage("Users");
    expect(page.records).toHaveLength(3);
    expect(fake.requests().map((r) => r.fault)).toEqual(["slow", undefined]);
  });

  it("waits for an answer that is slow but within the timeout", async () => {
    const { fake, client } = await setup();
    fake.injectFault({ kind: "slow", delayMs: 50 });
    await client.listPage("Users");
    expect(fake.requests()).toHaveLength(1);
  });

  it("reports a request that keeps timing out, without a status", async () => {
    const { fake, client } = await setup({ client: { retry: { ...RETRY, attempts: 2 } } });
    fake.injectFault({ kind: "hang", times: 2 });
    const error = await airtableError(client.listPage("Users"));
    expect(fake.requests()).toHaveLength(2);
    expect(error.status).toBeUndefined();
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("did not answer within 0.3 s");
  });

  it("retries a reset connection", async () => {
    const { fake, client } = await setup();
    fake.injectFault({ kind: "reset" });
    const page = await client.listPage("Users");
    expect(page.records).toHaveLength(3);
    expect(fake.requests().map((r) => r.fault)).toEqual(["reset", undefined]);
  });

  it("holds the gate off after a 429 and then retries", async () => {
    const gate = memoryGate(true);
    const { fake, client } = await setup({
      fake: { rateLimit: { requestsPerSecond: 5, penaltyMs: 100 } },
      client: { rateLimitPenaltyMs: 100 },
      gate,
    });
    for (let i = 0; i < 7; i++) {
      const page = await client.listPage("Users");
      expect(page.records).toHaveLength(3);
    }
    expect(gate.holdOffs).toEqual([100]);
    expect(fake.requests().map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 200, 200]);
  });

  it("gives up after more 429s than rateLimitedAttempts", async () => {
    const gate = memoryGate();
    const { fake, client } = await setup({
      fake: { rateLimit: { requestsPerSecond: 1, penaltyMs: 5_000 } },
      client: { rateLimitPenaltyMs: 100 },
      gate,
    });
    await client.listPage("Users");
    const error = await airtableError(client.listPage("Users"));
    expect(error.status).toBe(429);
    expect(error.type).toBe("RATE_LIMIT_REACHED");
    expect(error.retryable).toBe(false);
    expect(gate.holdOffs).toEqual([100, 100]);
    expect(fake.requests().map((r) => r.status)).toEqual([200, 429, 429, 429]);
  });

  it("does not count 429s against the failure attempts", async () => {
    const { fake, gate, client } = await setup({ client: { retry: { ...RETRY, attempts: 1 } } });
    fake.injectFault({ kind: "status", status: 429, times: 2 });
    const page = await client.listPage("Users");
    expect(page.records).toHaveLength(3);
    expect(gate.holdOffs).toHaveLength(2);
    expect(fake.requests().map((r) => r.status)).toEqual([429, 429, 200]);
  });
});

describe("updateRecords", () => {
  it("sends a PATCH with the records and returns the updated ones", async () => {
    const { fake, gate, client } = await setup();
    const updated = await client.updateRecords("Users", [
      { id: "rec00000000000000", fields: { Name: "Renamed" } },
      { id: "rec00000000000002", fields: { UID: "uid-2b" } },
    ]);
    expect(updated.map((r) => [r.id, r.fields])).toEqual([
      ["rec00000000000000", { UID: "uid-0", Name: "Renamed" }],
      ["rec00000000000002", { UID: "uid-2b", Name: "User 2" }],
    ]);
    const [request] = fake.requests();
    expect(request?.method).toBe("PATCH");
    expect(request?.path).toBe(`/v0/${fake.baseId}/Users`);
    expect(request?.body).toEqual({
      records: [
        { id: "rec00000000000000", fields: { Name: "Renamed" } },
        { id: "rec00000000000002", fields: { UID: "uid-2b" } },
      ],
    });
    expect(fake.records("Users")[0]?.fields.Name).toBe("Renamed");
    expect(gate.acquired).toBe(1);
  });

  it("retries a PATCH answered 502", async () => {
    const { fake, client } = await setup();
    fake.injectFault({ kind: "status", status: 502, method: "PATCH" });
    await client.updateRecords("Users", [{ id: "rec00000000000001", fields: { Name: "B" } }]);
    expect(fake.requests().map((r) => [r.method, r.status])).toEqual([
      ["PATCH", 502],
      ["PATCH", 200],
    ]);
  });

  it("does not retry a PATCH refused with 422", async () => {
    const { fake, client } = await setup();
    const error = await airtableError(
      client.updateRecords("Users", [{ id: "rec00000000000001", fields: { Unknown: "B" } }]),
    );
    expect(error.status).toBe(422);
    expect(error.type).toBe("UNKNOWN_FIELD_NAME");
    expect(fake.requests()).toHaveLength(1);
  });

  it("refuses more than 10 records before sending anything", async () => {
    const { fake, gate, client } = await setup();
    const records = Array.from({ length: 11 }, () => ({ id: "rec00000000000000", fields: { Name: "x" } }));
    await expect(client.updateRecords("Users", records)).rejects.toThrow("at most 10 records");
    expect(fake.requests()).toEqual([]);
    expect(gate.acquired).toBe(0);
  });
});
