import { describe, expect, it } from "vitest";
import { runStartedAt } from "../../../src/client/features/sync/components/sync-format";
import type { SyncRun } from "../../../src/shared/api/sync";

const run = (over: Partial<SyncRun>): SyncRun => ({
  id: 1,
  kind: "full",
  trigger: "admin",
  startedBy: null,
  source: "csv",
  status: "succeeded",
  message: null,
  startedAt: "2026-03-01T10:00:00.000Z",
  finishedAt: "2026-03-01T10:00:03.000Z",
  processed: 70,
  synced: 70,
  errors: 0,
  ...over,
});

describe("runStartedAt", () => {
  it("says who started a run as a person would, for every trigger", () => {
    expect(runStartedAt(run({ trigger: "startup" }), { capital: true })).toBe(
      "Full sync, started automatically when the portal started, at",
    );
    expect(runStartedAt(run({ trigger: "admin", startedBy: "Ada Admin" }), { capital: true })).toBe(
      "Full sync, started by Ada Admin at",
    );
    expect(runStartedAt(run({ trigger: "admin" }))).toBe("a full sync, started by an administrator at");
    expect(runStartedAt(run({ kind: "incremental", trigger: "schedule" }))).toBe(
      "a sync of changes only, started on schedule at",
    );
    expect(
      runStartedAt(run({ kind: "user", trigger: "customer", startedBy: "Casey Customer" }), {
        capital: true,
      }),
    ).toBe("Sync of one customer's records, started by Casey Customer from their accounts page at");
  });

  it("never words a run as the portal 'as it started'", () => {
    for (const trigger of ["admin", "schedule", "customer", "startup"] as const) {
      expect(runStartedAt(run({ trigger }))).not.toMatch(/as it started|by the portal/);
    }
  });
});
