/**
 * How the portal reads a profile-optimization request's status (decision R14), shared by the two
 * optimization screens: the badge's colour and words, and the status filter's values.
 */

/** Every status the operator's base uses, in the order the filter lists them. */
export const OPTIMIZATION_STATUSES = [
  "submitted",
  "pending",
  "in_review",
  "in_progress",
  "confirmed",
  "completed",
  "cancelled",
] as const;
export type OptimizationStatus = (typeof OPTIMIZATION_STATUSES)[number];

/** The badge colours of R14: a status not listed there is grey. */
export type OptimizationTone = "blue" | "yellow" | "green" | "grey";

const TONES: Record<OptimizationStatus, OptimizationTone> = {
  submitted: "blue",
  pending: "blue",
  in_review: "yellow",
  in_progress: "yellow",
  confirmed: "green",
  completed: "green",
  cancelled: "grey",
};

/**
 * The known status a stored value stands for, if any. The base is edited by hand, so "In Review",
 * "in-review" and " in_review" are the same status as `in_review`.
 */
export function optimizationStatusOf(status: string): OptimizationStatus | undefined {
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return (OPTIMIZATION_STATUSES as readonly string[]).includes(key) ? (key as OptimizationStatus) : undefined;
}

export function optimizationToneOf(status: string): OptimizationTone {
  const known = optimizationStatusOf(status);
  return known ? TONES[known] : "grey";
}

/** Spec section 4: the stored value with its underscores shown as spaces, first letter capitalised. */
export function optimizationStatusLabel(status: string): string {
  const words = status.trim().replace(/_+/g, " ");
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Unknown";
}
