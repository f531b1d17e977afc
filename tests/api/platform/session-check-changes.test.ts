/**
 * On a PostgreSQL server a session check is kept between changes that the server notifies
 * (db/change-feed.ts, decision 061): two instances on one database, each with its own pool and
 * change feed, as two processes would have. A sign-out, a closed login or a changed user on one
 * instance ends what the other kept; nothing is kept while the feed is down or silent.
 *
 * To see that a check is kept at all, a test deletes the session with the server's triggers turned
 * off for its own connection (session_replication_role = replica): no notification is sent, so an
 * instance that keeps checks still answers from what it kept, and one that does not answers 401.
 */
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/platform/db/client";
import { users } from "../../../src/server/platform/db/schema";
import { hashSecretToken } from "../../../src/server/platform/secrets/secret-token";
import { type FreezableProxy, startFreezableProxy } from "../../support/freezable-proxy";
import { createTestApp, sameOrigin, type TestApp } from "../../support/test-app";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { signedInUser } from "../../support/users";

const onServer = Boolean(process.env.TEST_DATABASE_URL);

async function eventually(check: () => Promise<boolean> | boolean, withinMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

describe.skipIf(!onServer)("session checks kept between notified changes", () => {
  let database: TestDatabase;
  let otherHandle: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  /** A connection of the test's own, like an operator's tool. */
  let tool: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    const other = await openDatabase({ kind: "postgres", url: database.url as string });
    otherHandle = { ...other, destroy: () => other.close() };
    one = await createTestApp({ database });
    two = await createTestApp({ database: otherHandle });
    tool = new pg.Client({ connectionString: database.url });
    await tool.connect();
    await feedsLive();
  });
  afterAll(async () => {
    await tool?.end();
    await one?.close();
    await two?.close();
    await otherHandle?.destroy();
    await database?.destroy();
  });

  const feedsLive = () =>
    eventually(
      () => database.changes.current() !== undefined && otherHandle.changes.current() !== undefined,
      10_000,
    );
  const me = (app: TestApp, cookie: string) =>
    app.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
  const statusOf = async (app: TestApp, cookie: string) => (await me(app, cookie)).statusCode;

  /** Waits until this test's own writes have been notified back, so what is read next stays kept. */
  async function quiet(handle: TestDatabase) {
    let last = handle.changes.current();
    await eventually(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const now = handle.changes.current();
      const still = now !== undefined && now === last;
      last = now;
      return still;
    }, 5_000);
  }

  /** Deletes a session without firing a trigger: no instance is told. */
  async function deleteUntold(sessionToken: string) {
    await tool.query("begin");
    await tool.query("set local session_replication_role = replica");
    await tool.query("delete from sessions where token_hash = $1", [hashSecretToken(sessionToken)]);
    await tool.query("commit");
  }

  it("moves the generation with a request that may write at once, with a write once notified, not with reads", async () => {
    await quiet(database);
    const before = database.changes.current() as number;
    await database.db.select().from(users).limit(1);
    expect(database.changes.current()).toBe(before);
    const posted = await one.app.inject({
      method: "POST",
      url: "/api/logout",
      payload: {},
      headers: sameOrigin,
    });
    expect(posted.statusCode).toBeLessThan(500);
    const afterRequest = database.changes.current() as number;
    expect(afterRequest).toBeGreaterThan(before);
    await database.db.update(users).set({ name: "Nobody" }).where(eq(users.id, -1));
    await database.changes.heard();
    expect(database.changes.current()).toBeGreaterThan(afterRequest);
  });

  it("keeps a check on a server: a change nobody is told of is not seen", async () => {
    const { cookie, token } = await signedInUser(database.db, one.config);
    await quiet(database);
    expect(await statusOf(one, cookie)).toBe(200);
    await deleteUntold(token);
    expect(await statusOf(one, cookie)).toBe(200); // what this instance kept
    expect(await statusOf(two, cookie)).toBe(401); // never read it, so reads the database
  });

  it("ignores other instances' heartbeats: the generation stays while nothing changes", async () => {
    const before = database.changes.current();
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // two of each instance's heartbeats
    expect(database.changes.current()).toBe(before);
  });

  it("ends a kept session when another instance signs it out", async () => {
    const { cookie } = await signedInUser(database.db, one.config);
    expect(await statusOf(one, cookie)).toBe(200);
    expect(await statusOf(one, cookie)).toBe(200);
    const out = await two.app.inject({
      method: "POST",
      url: "/api/logout",
      payload: {},
      headers: { cookie, ...sameOrigin },
    });
    expect(out.statusCode).toBeLessThan(300);
    // The notification is sent at commit, before the sign-out answers; it is heard within moments.
    await eventually(async () => (await statusOf(one, cookie)) === 401, 1_000);
  });

  it("ends a kept session when an operator's tool deletes it, or closes the login", async () => {
    const first = await signedInUser(database.db, one.config);
    expect(await statusOf(one, first.cookie)).toBe(200);
    await tool.query("delete from sessions where user_id = $1", [first.user.id]);
    await eventually(async () => (await statusOf(one, first.cookie)) === 401, 1_000);

    const second = await signedInUser(database.db, one.config);
    expect(await statusOf(one, second.cookie)).toBe(200);
    await otherHandle.db.update(users).set({ closedAt: new Date() }).where(eq(users.id, second.user.id));
    await eventually(async () => (await statusOf(one, second.cookie)) === 401, 1_000);
  });

  it("shows another instance's change to the user", async () => {
    const { cookie, user } = await signedInUser(database.db, one.config);
    expect((await me(one, cookie)).json().name).toBe(user.name);
    await otherHandle.db.update(users).set({ name: "Renamed Elsewhere" }).where(eq(users.id, user.id));
    await eventually(async () => (await me(one, cookie)).json().name === "Renamed Elsewhere", 1_000);
  });

  it("shows another writer's change to a customer's list: the kept check's list version moves on", async () => {
    const { cookie, user } = await signedInUser(database.db, one.config);
    const list = () => one.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie } });
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect((await list()).headers.etag).toBe(first.headers.etag);
    await tool.query(
      "insert into notifications (user_id, kind, dedupe_key, detail) values ($1, 'payment_failed', 'elsewhere', '{}')",
      [user.id],
    );
    await eventually(async () => (await list()).headers.etag !== first.headers.etag, 1_000);
  });

  it("keeps nothing while the feed is down, and keeps again once it is back", async () => {
    const { cookie, token } = await signedInUser(database.db, one.config);
    expect(await statusOf(one, cookie)).toBe(200);
    await tool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'portal change feed'",
    );
    await eventually(() => database.changes.current() === undefined, 2_000);
    const metrics = await one.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(metrics.body).toMatch(/^portal_session_checks_kept 0$/m);
    await deleteUntold(token);
    expect(await statusOf(one, cookie)).toBe(401);

    await feedsLive(); // opened again after a second's pause
    const again = await signedInUser(database.db, one.config);
    await quiet(database);
    expect(await statusOf(one, again.cookie)).toBe(200);
    await deleteUntold(again.token);
    expect(await statusOf(one, again.cookie)).toBe(200);
  });

  describe("a feed whose connection goes silent", () => {
    let proxy: FreezableProxy;
    let silentHandle: TestDatabase;
    let silent: TestApp;

    beforeAll(async () => {
      const url = new URL(database.url as string);
      proxy = await startFreezableProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${proxy.port}`;
      const handle = await openDatabase({ kind: "postgres", url: url.toString() });
      silentHandle = { ...handle, destroy: () => handle.close() };
      // Its requests must not wait to hear changes: what it does while it cannot hear them is the test.
      silent = await createTestApp({ database: silentHandle, awaitDirectWrites: false });
      await eventually(() => silentHandle.changes.current() !== undefined, 10_000);
    });
    afterAll(async () => {
      await silent?.close();
      await silentHandle?.destroy();
      await proxy?.close();
    });

    it("stops keeping checks within seconds, and a sign-out elsewhere ends the session", async () => {
      const { cookie } = await signedInUser(database.db, one.config);
      await quiet(silentHandle);
      expect(await statusOf(silent, cookie)).toBe(200);
      const feeds = await tool.query<{ client_port: number }>(
        "select client_port from pg_stat_activity where datname = current_database() and application_name = 'portal change feed'",
      );
      const frozen = feeds.rows.some(({ client_port }) => proxy.freezeByTargetSidePort(client_port));
      expect(frozen).toBe(true);
      await two.app.inject({
        method: "POST",
        url: "/api/logout",
        payload: {},
        headers: { cookie, ...sameOrigin },
      });
      await new Promise((resolve) => setTimeout(resolve, 100)); // what the others hear within moments
      expect(await statusOf(silent, cookie)).toBe(200); // not heard here: still what was kept
      // The missing heartbeat stops the keeping (3 s after the last one came back, by default).
      const waited = await eventually(async () => (await statusOf(silent, cookie)) === 401, 6_000);
      expect(waited).toBeGreaterThan(500);
      // A new connection is opened and proven, and checks are kept again.
      await eventually(() => silentHandle.changes.current() !== undefined, 10_000);
    });

    it("gives up on a connection the server never answers, keeps nothing, and tries again", async () => {
      proxy.holdNewConnections();
      const before = proxy.connectionsSeen();
      await tool.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'portal change feed'",
      );
      await eventually(() => proxy.connectionsSeen() > before, 5_000); // the feed's next attempt, held
      expect(silentHandle.changes.current()).toBeUndefined();
      // The attempt times out after 5 s, and the next comes after the doubled pause.
      await eventually(() => proxy.connectionsSeen() > before + 1, 15_000);
      expect(silentHandle.changes.current()).toBeUndefined();
    });
  });
});
