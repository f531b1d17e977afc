import { describe, expect, it } from "vitest";
import {
  formatDuration,
  formatInterval,
  runKindLabels,
  runStartedAt,
  runTriggerLabels,
  sourceKindLabel,
  startedByLabel,
} from "../../../src/client/features/sync/components/sync-format";
import { i18n } from "../../../src/client/lib/i18n/i18n";
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

describe("formatInterval and formatDuration", () => {
  it("words the schedule's interval, one and several", () => {
    expect(formatInterval(0)).toBe("No interval set");
    expect(formatInterval(1)).toBe("Every minute");
    expect(formatInterval(45)).toBe("Every 45 minutes");
    expect(formatInterval(60)).toBe("Every hour");
    expect(formatInterval(180)).toBe("Every 3 hours");
  });

  it("words how long a run took", () => {
    const took = (ms: number) =>
      formatDuration({
        startedAt: "2026-03-01T10:00:00.000Z",
        finishedAt: new Date(Date.parse("2026-03-01T10:00:00.000Z") + ms).toISOString(),
      });
    expect(took(850)).toBe("850 ms");
    expect(took(12_000)).toBe("12 s");
    expect(took(120_000)).toBe("2 min");
    expect(took(125_000)).toBe("2 min 5 s");
    expect(formatDuration({ startedAt: "2026-03-01T10:00:00.000Z", finishedAt: null })).toBeNull();
  });

  it("names the Started by column, the kinds, the triggers and the sources", () => {
    expect(startedByLabel(run({ trigger: "schedule" }))).toBe("The schedule");
    expect(startedByLabel(run({ trigger: "admin" }))).toBe("—");
    expect(i18n._(runKindLabels.incremental)).toBe("Changes only");
    expect(i18n._(runTriggerLabels.startup)).toBe("Startup");
    expect(sourceKindLabel("csv")).toBe("CSV folder");
    expect(sourceKindLabel("airtable")).toBe("Airtable");
  });
});
