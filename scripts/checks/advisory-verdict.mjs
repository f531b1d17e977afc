/**
 * What `npm audit --omit=dev --json` said, as one verdict: the production dependencies are clean,
 * some have a known advisory (CI fails), or no advisory database answered (CI says so plainly and
 * goes on: a registry that refuses the audit endpoint must not read as "no advisories").
 */
export function advisoryVerdict(stdout, exitCode) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return { kind: "unreachable", reason: `npm audit printed no report (exit code ${exitCode})` };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (report && typeof report === "object" && counts && typeof counts.total === "number") {
    const packages = Object.values(report.vulnerabilities ?? {}).map(
      (entry) => `${entry.name} (${entry.severity}${entry.range ? `, ${entry.range}` : ""})`,
    );
    if (counts.total === 0 && packages.length === 0) return { kind: "clean" };
    return { kind: "advisories", total: Math.max(counts.total, packages.length), packages };
  }
  const reason = report?.message ?? report?.error?.summary ?? report?.error?.code ?? `exit code ${exitCode}`;
  return { kind: "unreachable", reason: String(reason) };
}
