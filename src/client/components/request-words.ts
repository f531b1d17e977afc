/**
 * A replacement request's words and colours (decision R18), shown by the accounts screen beside an
 * account and by the requests screen on each request. Data only, with no imports that load code: the
 * build keeps it with the signed-in screens (vite.config.ts), out of the sign-in page's first load.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RequestKind, RequestStatus, RequestWish } from "../../shared/api/replacement-requests";

// Catalogue messages (`msg` compiles to plain objects, nothing loads with it): shown with `i18n._(…)`.
export const REQUEST_STATUS_LABELS: Record<RequestStatus, MessageDescriptor> = {
  submitted: msg({ id: "common.request.status.submitted", message: "Submitted" }),
  in_progress: msg({ id: "common.request.status.in-progress", message: "In progress" }),
  fixed: msg({ id: "common.request.status.fixed", message: "Fixed" }),
  replaced: msg({ id: "common.request.status.replaced", message: "Replaced" }),
  declined: msg({ id: "common.request.status.declined", message: "Declined" }),
  withdrawn: msg({ id: "common.request.status.withdrawn", message: "Withdrawn" }),
};

export const REQUEST_KIND_LABELS: Record<RequestKind, MessageDescriptor> = {
  wrong_password: msg({ id: "common.request.kind.wrong-password", message: "Wrong password" }),
  restricted: msg({ id: "common.request.kind.restricted", message: "Restricted or asks for ID" }),
  banned: msg({ id: "common.request.kind.banned", message: "Banned" }),
  other: msg({ id: "common.request.kind.other", message: "Other" }),
};

export const REQUEST_WISH_LABELS: Record<RequestWish, MessageDescriptor> = {
  replacement: msg({ id: "common.request.wish.replacement", message: "A replacement account" }),
  fix: msg({ id: "common.request.wish.fix", message: "A fix for this account" }),
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
