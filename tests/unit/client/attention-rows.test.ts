import { describe, expect, it } from "vitest";
import { attentionRows } from "../../../src/client/features/admin/components/attention-rows";

describe("attentionRows", () => {
  it("says None and raises no alarm when all is well", () => {
    const rows = attentionRows({
      unlinkedPayments: 0,
      failingJobs: 0,
      lastSync: {
        id: 1,
        kind: "full",
        status: "succeeded",
        finishedAt: "2026-03-01T10:00:00.000Z",
        errors: 0,
      },
    });
    expect(rows.map((row) => [row.to, row.label, row.alarming])).toEqual([
      ["/admin/payments/unlinked", "Payments without a customer", false],
      ["/admin/outbox", "Background jobs failing", false],
      ["/admin/sync", "Last sync", false],
    ]);
    expect(rows[0]?.value).toBe("None");
    expect(rows[1]?.value).toBe("None");
    expect(rows[2]?.value).toMatch(/^Succeeded /);
  });

  it("counts what needs attention, and a failed or incomplete sync", () => {
    const [payments, jobs, failed] = attentionRows({
      unlinkedPayments: 1,
      failingJobs: 12,
      lastSync: {
        id: 2,
        kind: "incremental",
        status: "failed",
        finishedAt: "2026-03-01T10:00:00.000Z",
        errors: 0,
      },
    });
    expect([payments?.value, payments?.alarming]).toEqual(["1 payment", true]);
    expect([jobs?.value, jobs?.alarming]).toEqual(["12 jobs", true]);
    expect(failed?.value).toMatch(/^Failed /);
    expect(failed?.alarming).toBe(true);

    const [, , partial] = attentionRows({
      unlinkedPayments: 0,
      failingJobs: 0,
      lastSync: {
        id: 3,
        kind: "full",
        status: "succeeded",
        finishedAt: "2026-03-01T10:00:00.000Z",
        errors: 2,
      },
    });
    expect(partial?.value).toMatch(/, 2 records not synced$/);
    expect(partial?.alarming).toBe(true);
    const [, , none] = attentionRows({ unlinkedPayments: 0, failingJobs: 0, lastSync: null });
    expect(none?.value).toBe("No sync has finished yet");
  });
});
