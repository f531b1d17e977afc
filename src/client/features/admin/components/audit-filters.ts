/** The audit log's filters as the URL keeps them, and as the API is asked for them. */
import { AUDIT_EVENT_KIND_NAMES, type AuditEventKind } from "../../../../shared/audit/audit-kinds";
import type { UrlFilters } from "../../../lib/use-url-filters";
import type { AuditQuery } from "../api/audit-log";

export interface AuditFilters {
  /** A customer's UID or email, as typed. */
  customer: string;
  /** Whoever did it: a UID or an email. */
  actor: string;
  kind: AuditEventKind | "";
  /** Days as the date fields give them (YYYY-MM-DD), in the admin's own time zone. */
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { customer: "", actor: "", kind: "", from: "", to: "" };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isKind = (value: string): value is AuditEventKind =>
  (AUDIT_EVENT_KIND_NAMES as string[]).includes(value);

function auditFiltersFromSearchParams(params: URLSearchParams): AuditFilters {
  const kind = params.get("kind") ?? "";
  const day = (key: string) => {
    const value = params.get(key) ?? "";
    return DAY.test(value) ? value : "";
  };
  return {
    customer: (params.get("customer") ?? "").slice(0, 255),
    actor: (params.get("actor") ?? "").slice(0, 255),
    kind: isKind(kind) ? kind : "",
    from: day("from"),
    to: day("to"),
  };
}

function searchParamsForAuditFilters(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const text = String(value).trim();
    if (text !== "") params.set(key, text);
  }
  return params;
}

export const AUDIT_URL_FILTERS: UrlFilters<AuditFilters> = {
  parse: auditFiltersFromSearchParams,
  serialize: searchParamsForAuditFilters,
  empty: NO_AUDIT_FILTERS,
};

export function isAuditFiltered(filters: AuditFilters): boolean {
  return Object.values(filters).some((value) => String(value).trim() !== "");
}

/** Local midnight of a day, as an ISO time the API reads. */
function startOfDay(day: string, plusDays = 0): string {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(year, month - 1, date + plusDays).toISOString();
}

/**
 * What to ask the API for: the days become the admin's local midnights, and `to` takes in its whole
 * day. A range that ends before it starts is left to the API, which refuses it with its reason.
 */
export function auditQueryOf(filters: AuditFilters): AuditQuery {
  return {
    ...(filters.customer.trim() ? { customer: filters.customer.trim() } : {}),
    ...(filters.actor.trim() ? { actor: filters.actor.trim() } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.from ? { from: startOfDay(filters.from) } : {}),
    ...(filters.to ? { to: startOfDay(filters.to, 1) } : {}),
  };
}
