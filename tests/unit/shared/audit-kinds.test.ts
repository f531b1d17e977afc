import { describe, expect, it } from "vitest";
import { AUDIT_EVENT_KIND_NAMES, AUDIT_EVENT_KINDS } from "../../../src/shared/audit/audit-kinds";

describe("the audit log's kinds", () => {
  it("lists every kind once, each with the words the log shows", () => {
    expect(AUDIT_EVENT_KIND_NAMES).toEqual(Object.keys(AUDIT_EVENT_KINDS));
    expect(new Set(AUDIT_EVENT_KIND_NAMES).size).toBe(AUDIT_EVENT_KIND_NAMES.length);
    for (const name of AUDIT_EVENT_KIND_NAMES) expect(AUDIT_EVENT_KINDS[name].trim()).not.toBe("");
  });

  it("has the console's own actions: a payment linked and a background job retried", () => {
    expect(AUDIT_EVENT_KINDS["payment-linked"]).toBe("Payment linked to customer");
    expect(AUDIT_EVENT_KINDS["outbox-retried"]).toBe("Background job retried");
  });
});
