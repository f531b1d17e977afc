/**
 * How the portal reads a profile-optimization request's status (decision R14), shared by the two
 * optimization screens: the badge's colour and words, and the status filter's values.
 */
import type { MessageDescriptor } from "@lingui/core";

/** What says a catalogue message in a language: Lingui's `i18n` (the browser's, or the server's for one). */
type Translator = { _(descriptor: MessageDescriptor): string };

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

/**
 * The known statuses in words, as catalogue messages (decision 051): src/shared is not run through
 * Lingui's macros, so these are plain descriptors that the extractor finds by the `i18n` comment before
 * each. The English is `optimizationStatusLabel` of the status itself.
 */
export const OPTIMIZATION_STATUS_WORDS: Record<OptimizationStatus, MessageDescriptor> = {
  submitted: /*i18n*/ { id: "optimization-status.submitted", message: "Submitted" },
  pending: /*i18n*/ { id: "optimization-status.pending", message: "Pending" },
  in_review: /*i18n*/ { id: "optimization-status.in-review", message: "In review" },
  in_progress: /*i18n*/ { id: "optimization-status.in-progress", message: "In progress" },
  confirmed: /*i18n*/ { id: "optimization-status.confirmed", message: "Confirmed" },
  completed: /*i18n*/ { id: "optimization-status.completed", message: "Completed" },
  cancelled: /*i18n*/ { id: "optimization-status.cancelled", message: "Cancelled" },
};

const UNKNOWN = /*i18n*/ { id: "optimization-status.unknown", message: "Unknown" };

/**
 * A stored status in the words of `i18n`'s language (the browser's instance): a known status
 * translated, where the language words it as English does the base's own spelling kept as
 * `optimizationStatusLabel` shows it ("In Review" stays so), and a status the portal does not know as
 * the operator wrote it.
 */
export function optimizationStatusText(status: string, i18n: Translator): string {
  const known = optimizationStatusOf(status);
  if (!known) return status.trim() ? optimizationStatusLabel(status) : i18n._(UNKNOWN);
  const words = i18n._(OPTIMIZATION_STATUS_WORDS[known]);
  return words === OPTIMIZATION_STATUS_WORDS[known].message ? optimizationStatusLabel(status) : words;
}
