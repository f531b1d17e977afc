export type AdvisoryVerdict =
  | { kind: "clean" }
  | { kind: "advisories"; total: number; packages: string[] }
  | { kind: "unreachable"; reason: string };
export function advisoryVerdict(stdout: string, exitCode: number | null): AdvisoryVerdict;
