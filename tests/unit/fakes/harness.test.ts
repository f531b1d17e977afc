/**
 * The fakes' shared harness: every fault it offers must really happen on the wire, or the tests of
 * retries and timeouts that rely on it prove nothing. Each fault is checked against a request that
 * takes none, over real loopback sockets.
 */
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { smtpMailer } from "../../../src/server/platform/adapters/mail/smtp-mailer";
import {
  FaultQueue,
  type HttpFake,
  type HttpFakeOptions,
  type HttpFault,
  listenOnLoopback,
  RecordList,
  startHttpFake,
} from "../../fakes/harness";
import { type FakeSmtp, startFakeSmtp } from "../../fakes/smtp-server";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A fake that answers 200 {"ok":true,"n":<how many requests it has handled>}. */
async function start(options: Partial<HttpFakeOptions<HttpFault>> = {}) {
  let handled = 0;
  const fake = await startHttpFake({
    respond: () => {
      handled += 1;
      return { status: 200, body: JSON.stringify({ ok: true, n: handled }) };
    },
    ...options,
  });
  closers.push(() => fake.close());
  return { fake, handled: () => handled };
}

const get = (fake: HttpFake, path = "/thing", init: RequestInit = {}) => fetch(`${fake.url}${path}`, init);
const statuses = (fake: HttpFake) => fake.requests().map((r) => r.status);
/** Waits (up to 5 s) until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the fake");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const elapsedMs = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

describe("the HTTP fake", () => {
  it("listens on a free loopback port and records method, path, query, headers, body and status", async () => {
    const { fake } = await start();
    expect(fake.url).toBe(`http://127.0.0.1:${fake.port}`);
    expect(fake.port).toBeGreaterThan(0);
    const res = await fetch(`${fake.url}/v1/items?limit=2&q=a%20b`, {
      method: "POST",
      headers: { authorization: "Bearer t0ken", "content-type": "application/json" },
      body: '{"name":"x"}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const [request, ...rest] = fake.requests();
    expect(rest).toEqual([]);
    expect(request).toMatchObject({
      method: "POST",
      path: "/v1/items",
      query: { limit: "2", q: "a b" },
      headers: { authorization: "Bearer t0ken", "content-type": "application/json" },
      body: '{"name":"x"}',
      status: 200,
    });
    expect(request?.fault).toBeUndefined();
    expect(request?.time).toBeLessThanOrEqual(Date.now());

    // Copies: a test cannot change what the fake recorded.
    (fake.requests()[0] as { path: string }).path = "/edited";
    expect(fake.requests()[0]?.path).toBe("/v1/items");
    fake.resetRequests();
    expect(fake.requests()).toEqual([]);
  });

  it("answers the next N requests with 429 and a Retry-After when asked, then answers normally", async () => {
    const { fake, handled } = await start();
    fake.injectFault({ kind: "status", status: 429, retryAfter: 7, times: 2 });
    for (let i = 0; i < 2; i++) {
      const limited = await get(fake);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("7");
      expect(await limited.json()).toEqual({ error: "Too Many Requests" });
    }
    const after = await get(fake);
    expect(after.status).toBe(200);
    expect(after.headers.get("retry-after")).toBeNull();
    expect(handled()).toBe(1); // faulted requests never reach the fake's own answer
    expect(fake.requests().map((r) => [r.status, r.fault])).toEqual([
      [429, "status"],
      [429, "status"],
      [200, undefined],
    ]);

    fake.injectFault({ kind: "status", status: 429 });
    expect((await get(fake)).headers.get("retry-after")).toBeNull();
  });

  it("answers a 5xx with the fake's body for it, or the body given", async () => {
    const { fake } = await start({
      statusAnswer: (status) => ({ status, body: JSON.stringify({ code: `E${status}` }) }),
    });
    fake.injectFault({ kind: "status", status: 503 });
    fake.injectFault({ kind: "status", status: 502, body: "<html>Bad gateway</html>" });
    const unavailable = await get(fake);
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toEqual({ code: "E503" });
    const gateway = await get(fake);
    expect(gateway.status).toBe(502);
    expect(await gateway.text()).toBe("<html>Bad gateway</html>");
    expect((await get(fake)).status).toBe(200);
  });

  it('keeps a fault of times "all" for every request until the faults are cleared', async () => {
    const { fake } = await start();
    fake.injectFault({ kind: "status", status: 500, times: "all" });
    for (let i = 0; i < 5; i++) expect((await get(fake)).status).toBe(500);
    fake.clearFaults();
    expect((await get(fake)).status).toBe(200);
  });

  it("applies a fault only to the requests it names, by method or by the fake's own rule", async () => {
    const { fake } = await start({ faultApplies: (_fault, request) => request.path !== "/spared" });
    fake.injectFault({ kind: "status", status: 503, method: "POST" });
    expect((await get(fake)).status).toBe(200);
    expect((await get(fake, "/spared", { method: "POST" })).status).toBe(200);
    expect((await get(fake, "/thing", { method: "POST" })).status).toBe(503);
  });

  it("answers slowly: the request takes effect at once, its answer only after the delay", async () => {
    const { fake, handled } = await start();
    fake.injectFault({ kind: "slow", delayMs: 800 });
    let answeredAt = 0;
    const started = performance.now();
    const pending = get(fake).then((res) => {
      answeredAt = performance.now();
      return res;
    });
    await until(() => handled() === 1); // the effect happens on arrival...
    expect(answeredAt).toBe(0); // ...while the answer is held back
    expect(fake.requests()[0]).toMatchObject({ fault: "slow", status: 200 });
    expect(await (await pending).json()).toEqual({ ok: true, n: 1 });
    expect(answeredAt - started).toBeGreaterThanOrEqual(790);
    expect(await elapsedMs(() => get(fake))).toBeLessThan(790);

    // A client that gives up first gets no answer, though the request took effect.
    fake.injectFault({ kind: "slow", delayMs: 800 });
    const giveUp = new AbortController();
    const abandoned = get(fake, "/thing", { signal: giveUp.signal });
    await until(() => handled() === 3);
    giveUp.abort();
    await expect(abandoned).rejects.toThrow(/abort/i);
  });

  it("never answers a hanging request, and answers the next one", async () => {
    const { fake, handled } = await start();
    fake.injectFault({ kind: "hang" });
    const giveUp = new AbortController();
    let settled = false;
    const hanging = get(fake, "/thing", { signal: giveUp.signal }).finally(() => {
      settled = true;
    });
    await until(() => fake.requests().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    expect(fake.requests()[0]).toMatchObject({ fault: "hang", status: null });
    giveUp.abort();
    await expect(hanging).rejects.toThrow(/abort/i);
    expect(handled()).toBe(0);
    expect((await get(fake)).status).toBe(200);
  });

  it("answers 200 with a body that is not JSON, the fake's own broken body, or the body given", async () => {
    const plain = (await start()).fake;
    plain.injectFault({ kind: "malformed" });
    const broken = await get(plain);
    expect(broken.status).toBe(200);
    await expect(broken.json()).rejects.toThrow(SyntaxError);

    const { fake } = await start({ malformedBody: '{"records":[' });
    fake.injectFault({ kind: "malformed" });
    fake.injectFault({ kind: "malformed", body: '{"rows":[]}' });
    expect(await (await get(fake)).text()).toBe('{"records":[');
    expect(await (await get(fake)).json()).toEqual({ rows: [] });
    expect(await (await get(fake)).json()).toEqual({ ok: true, n: 1 });
  });

  it("resets the connection without an answer", async () => {
    const { fake } = await start();
    fake.injectFault({ kind: "reset" });
    await expect(get(fake)).rejects.toThrow(TypeError);
    expect(fake.requests()[0]).toMatchObject({ fault: "reset", status: null });
    expect((await get(fake)).status).toBe(200);
  });

  it("answers what the fake screens on arrival before any fault, which such a request leaves queued", async () => {
    const { fake } = await start({
      screen: (request) => (request.path === "/missing" ? { status: 404, body: "{}" } : undefined),
    });
    fake.injectFault({ kind: "status", status: 500 });
    expect((await get(fake, "/missing")).status).toBe(404);
    expect((await get(fake)).status).toBe(500);
    expect(fake.requests().map((r) => r.fault)).toEqual([undefined, "status"]);
  });

  it("adds latencyMs to every answer, faulted or not", async () => {
    const { fake } = await start({ latencyMs: 150 });
    fake.injectFault({ kind: "status", status: 503 });
    expect(await elapsedMs(() => get(fake))).toBeGreaterThanOrEqual(140);
    expect(await elapsedMs(() => get(fake))).toBeGreaterThanOrEqual(140);
    expect(statuses(fake)).toEqual([503, 200]);
  });

  it("closes promptly with hanging, slow and idle connections open, failing the requests in flight", async () => {
    const fake = await startHttpFake({ respond: () => ({ status: 200, body: "{}" }) });
    expect((await get(fake)).status).toBe(200); // leaves an idle keep-alive connection
    fake.injectFault({ kind: "hang" });
    fake.injectFault({ kind: "slow", delayMs: 60_000 });
    const outcome = (p: Promise<Response>) =>
      p.then(
        () => "answered",
        () => "failed",
      );
    const hanging = outcome(get(fake));
    const slow = outcome(get(fake));
    await until(() => fake.requests().length === 3);
    expect(await elapsedMs(() => fake.close())).toBeLessThan(1000);
    expect(await Promise.all([hanging, slow])).toEqual(["failed", "failed"]);
    await fake.close(); // a second close is harmless
  });
});

describe("the parts any fake shares", () => {
  it("listenOnLoopback: a free loopback port, and a close that ends connections held open", async () => {
    const server = net.createServer(() => {}); // accepts and never writes
    const listener = await listenOnLoopback(server);
    expect(server.address()).toMatchObject({ address: "127.0.0.1", port: listener.port });
    const client = net.connect(listener.port, "127.0.0.1");
    const clientClosed = new Promise((resolve) => client.on("close", resolve));
    client.on("error", () => {});
    await new Promise((resolve) => client.on("connect", resolve));
    expect(await elapsedMs(() => listener.close())).toBeLessThan(1000);
    await clientClosed;
    expect(server.listening).toBe(false);
  });

  it("FaultQueue: the first fault that applies, used the given number of times or until cleared", () => {
    const faults = new FaultQueue<{ kind: string; times?: number | "all" }>();
    expect(faults.take()).toBeUndefined();
    faults.inject({ kind: "a", times: 2 });
    faults.inject({ kind: "b" });
    expect(faults.peek()?.kind).toBe("a");
    expect(faults.take((f) => f.kind === "b")?.kind).toBe("b");
    expect(faults.take((f) => f.kind === "b")).toBeUndefined();
    expect([faults.take()?.kind, faults.take()?.kind, faults.take()]).toEqual(["a", "a", undefined]);
    faults.inject({ kind: "always", times: "all" });
    for (let i = 0; i < 100; i++) expect(faults.take()?.kind).toBe("always");
    faults.clear();
    expect(faults.take()).toBeUndefined();
  });

  it("RecordList: entries in order, handed out as copies, until reset", () => {
    const list = new RecordList<{ n: number; tags: string[] }>();
    list.add({ n: 1, tags: [] });
    list.add({ n: 2, tags: ["x"] });
    list.all()[1]?.tags.push("edited");
    expect(list.all()).toEqual([
      { n: 1, tags: [] },
      { n: 2, tags: ["x"] },
    ]);
    list.reset();
    expect(list.all()).toEqual([]);
  });
});

describe("the SMTP fake on the harness", () => {
  let smtp: FakeSmtp;
  const message = { to: "someone@example.test", subject: "Hello", text: "Hi", html: "<p>Hi</p>" };
  const send = () => smtpMailer(smtp.url, "portal@example.test", 10_000).send(message);

  afterEach(() => smtp.close());

  /** A raw connection to the fake, collecting what it says. */
  async function connect() {
    const socket = net.connect(Number(new URL(smtp.url).port), "127.0.0.1");
    let said = "";
    socket.on("data", (chunk: Buffer) => {
      said += chunk.toString("utf8");
    });
    socket.on("error", () => {});
    await new Promise((resolve) => socket.on("connect", resolve));
    return { socket, text: () => said };
  }

  it("refuses only the next N recipients when told, then accepts again", async () => {
    smtp = await startFakeSmtp();
    smtp.injectFault({ kind: "reject", times: 2 });
    await expect(send()).rejects.toThrow(/550/);
    await expect(send()).rejects.toThrow(/550/);
    await send();
    expect(smtp.received.map((mail) => mail.to)).toEqual([["someone@example.test"]]);
    expect(smtp.mode).toBe("accept");
  });

  it("keeps a mode until it is changed, and closes at once with a stalled connection open", async () => {
    smtp = await startFakeSmtp();
    smtp.mode = "reject";
    for (let i = 0; i < 3; i++) await expect(send()).rejects.toThrow(/550/);
    expect(smtp.mode).toBe("reject");
    expect(smtp.received).toEqual([]);
    smtp.mode = "accept";
    const greeted = await connect();
    await until(() => greeted.text().startsWith("220 "));
    greeted.socket.destroy();

    smtp.mode = "stall";
    const stalled = await connect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stalled.text()).toBe(""); // never greeted
    const ended = new Promise((resolve) => stalled.socket.on("close", resolve));
    expect(await elapsedMs(() => smtp.close())).toBeLessThan(1000);
    await ended;
    expect(smtp.received).toEqual([]);
  });
});
