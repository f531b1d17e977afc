/**
 * A replacement request's words and colours (decision R18), shown by the accounts screen beside an
 * account and by the requests screen on each request. Data only, with no imports that load code: the
 * build keeps it with the signed-in screens (vite.config.ts), out of the sign-in page's first load.
 */
import type { RequestKind, RequestStatus, RequestWish } from "../../shared/api/replacement-requests";

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  submitted: "Submitted",
  in_progress: "In progress",
  fixed: "Fixed",
  replaced: "Replaced",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  wrong_password: "Wrong password",
  restricted: "Restricted or asks for ID",
  banned: "Banned",
  other: "Other",
};

export const REQUEST_WISH_LABELS: Record<RequestWish, string> = {
  replacement: "A replacement account",
  fix: "A fix for this account",
};

// In line with the optimization status badge: waiting blue, being worked on yellow, done green,
// refused red, given up grey. Each pair keeps AA contrast in both themes.
export const REQUEST_STATUS_CLASSES: Record<RequestStatus, string> = {
  submitted: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  in_progress: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200",
  fixed: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  replaced: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  declined: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  withdrawn: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200",
};

export function requestStatusClass(status: RequestStatus): string {
  return REQUEST_STATUS_CLASSES[status];
}
