export interface LayerProblem {
  file: string;
  line: number;
  specifier: string;
  message: string;
}
export function checkLayers(root: string): LayerProblem[];
export function ruleBroken(from: string, to: string): string | null;
