/**
 * `/metrics`: Prometheus' text format, for this machine or the holder of METRICS_TOKEN only, with
 * the figures an operator watches.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAuditEvent } from "../../../src/server/features/audit/audit-log";
import { outboxJobs, syncRuns } from "../../../src/server/platform/db/schema";
import { createTestApp, type TestApp } from "../../support/test-app";

const TOKEN = "metrics-token-0123456789abcdef";

/** The value of one sample line, by its name and labels as printed. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it("answers a caller on this machine in Prometheus' text format, with request durations by route and status", async () => {
    await t.app.inject({ method: "GET", url: "/api/health" });
    await t.app.inject({ method: "GET", url: "/api/user" });
    const res = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain("# TYPE portal_http_request_duration_seconds histogram");
    expect(
      sample(
        res.body,
        'portal_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        res.body,
        'portal_http_request_duration_seconds_count{method="GET",route="/api/user",status="401"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it("counts sign-in failures, sync runs and records, and the outbox's backlog from the database", async () => {
    const { db } = t.database;
    await recordAuditEvent(db, {
      kind: "sign-in-failed",
      actorUserId: null,
      subjectUserId: null,
      detail: "x",
    });
    await recordAuditEvent(db, {
      kind: "sign-in-failed",
      actorUserId: null,
      subjectUserId: null,
      detail: "y",
    });
    await db.insert(syncRuns).values([
      { kind: "full", trigger: "admin", source: "csv", status: "succeeded", synced: 40, errors: 2 },
      { kind: "incremental", trigger: "schedule", source: "csv", status: "failed", synced: 0, errors: 1 },
    ]);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db
      .insert(outboxJobs)
      .values([
        { kind: "mail", createdAt: hourAgo },
        { kind: "mail" },
        { kind: "write-back", deadAt: new Date() },
        { kind: "mail", doneAt: new Date() },
      ]);
    const res = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
    expect(sample(res.body, "portal_sign_in_failures_total")).toBe(2);
    expect(sample(res.body, 'portal_sync_runs_total{kind="full",status="succeeded"}')).toBe(1);
    expect(sample(res.body, 'portal_sync_runs_total{kind="incremental",status="failed"}')).toBe(1);
    expect(sample(res.body, 'portal_sync_records_total{result="synced"}')).toBe(40);
    expect(sample(res.body, 'portal_sync_records_total{result="failed"}')).toBe(3);
    expect(sample(res.body, 'portal_outbox_backlog{kind="mail",state="pending"}')).toBe(2);
    expect(sample(res.body, 'portal_outbox_backlog{kind="write-back",state="dead"}')).toBe(1);
    const age = sample(res.body, "portal_outbox_oldest_age_seconds") ?? 0;
    expect(age).toBeGreaterThan(3_500);
    expect(age).toBeLessThan(3_700);
  });

  it("says whether this instance keeps session checks between changes", async () => {
    const kept = async () => {
      const res = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "127.0.0.1" });
      return sample(res.body, "portal_session_checks_kept");
    };
    // At once on the embedded database; on a server once its change feed is proven (within a second).
    const deadline = Date.now() + 10_000;
    while ((await kept()) !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await kept()).toBe(1);
  });

  it("refuses a caller from beyond this machine without the token, and one that a proxy speaks for", async () => {
    const remote = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: "203.0.113.9" });
    expect(remote.statusCode).toBe(401);
    expect(remote.json()).toEqual({ error: "The metrics need the metrics token" });
    expect(remote.body).not.toContain("portal_");

    const proxied = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(proxied.statusCode).toBe(401);

    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("answers anyone with the token", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "203.0.113.9",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("portal_outbox_backlog");
  });

  it("is not in any log line's query or a token's text", async () => {
    expect(t.logs()).not.toContain(TOKEN);
  });
});
