/** The advisory check's reading of `npm audit --json`: what fails CI and what only says it could not check. */
import { describe, expect, it } from "vitest";
import { advisoryVerdict } from "../../../scripts/checks/advisory-verdict.mjs";

const counts = (total: number) => ({
  vulnerabilities: { info: 0, low: 0, moderate: total, high: 0, critical: 0, total },
  dependencies: { prod: 40, dev: 0, optional: 0, peer: 0, peerOptional: 0, total: 40 },
});

describe("reading npm audit's report", () => {
  it("passes a report with no advisories", () => {
    const report = { auditReportVersion: 2, vulnerabilities: {}, metadata: counts(0) };
    expect(advisoryVerdict(JSON.stringify(report), 0)).toEqual({ kind: "clean" });
  });

  it("fails a report that names a vulnerable package, with its name and severity", () => {
    const report = {
      auditReportVersion: 2,
      vulnerabilities: {
        fastify: { name: "fastify", severity: "high", range: "<5.3.2", via: [], fixAvailable: true },
      },
      metadata: counts(1),
    };
    expect(advisoryVerdict(JSON.stringify(report), 1)).toEqual({
      kind: "advisories",
      total: 1,
      packages: ["fastify (high, <5.3.2)"],
    });
  });

  it("says it could not check when the registry refuses the audit endpoint", () => {
    const refused = {
      message: "405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk",
      method: "POST",
      statusCode: 405,
      body: "",
      error: { summary: "", detail: "" },
    };
    expect(advisoryVerdict(JSON.stringify(refused), 1)).toEqual({
      kind: "unreachable",
      reason: refused.message,
    });
  });

  it("says it could not check when npm printed no report at all", () => {
    expect(advisoryVerdict("", null)).toEqual({
      kind: "unreachable",
      reason: "npm audit printed no report (exit code null)",
    });
  });
});
