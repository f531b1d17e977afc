export interface UnusedFinding {
  file: string;
  line: number;
  name: string;
  kind: "file" | "export";
}
export function checkUnused(root: string): UnusedFinding[];
