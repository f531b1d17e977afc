import { afterEach, vi } from "vitest";

// An unexpected console.error is a defect the test would otherwise hide.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0)
    throw new Error(`console.error was called:\n${seen.map((a) => a.join(" ")).join("\n")}`);
});
