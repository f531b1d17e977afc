import { infiniteQueryOptions, useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { type AuditPage, auditPageSchema } from "../../../../shared/api/audit";
import { getJson, throwIfResNotOk } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";

/** The audit log's filters as the API takes them: each left out when unset. */
export interface AuditQuery {
  customer?: string;
  actor?: string;
  kind?: string;
  from?: string;
  to?: string;
}

function paramsOf(query: AuditQuery, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (cursor) params.set("cursor", cursor);
  return params;
}

export const auditLogQueryKey = (query: AuditQuery) => ["/api/admin/audit", query] as const;

/** One page of entries, newest first. */
export async function getAuditPage(query: AuditQuery, cursor: string | null): Promise<AuditPage> {
  const params = paramsOf(query, cursor).toString();
  const body = await getJson(`/api/admin/audit${params ? `?${params}` : ""}`, { on401: "throw" });
  return auditPageSchema.parse(body);
}

export function auditLogQueryOptions(query: AuditQuery) {
  return infiniteQueryOptions({
    queryKey: auditLogQueryKey(query),
    queryFn: ({ pageParam }) => getAuditPage(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A log only grows: the pages an admin has read stay true, and Refresh shows what came since.
    staleTime: 30_000,
  });
}

export function useAuditLog(query: AuditQuery) {
  return useInfiniteQuery(auditLogQueryOptions(query));
}

export function auditCsvUrl(query: AuditQuery): string {
  const params = paramsOf(query).toString();
  return `/api/admin/audit.csv${params ? `?${params}` : ""}`;
}

/**
 * Downloads every entry the filters match as CSV, through fetch rather than a plain link, so that a
 * failure (the session ended, a bad filter) is told in the page instead of saved as the file.
 */
export async function downloadAuditCsv(query: AuditQuery): Promise<void> {
  const res = await fetch(auditCsvUrl(query), {
    credentials: "include",
    cache: "no-store",
    headers: { Accept: "text/csv" },
  });
  await throwIfResNotOk(res);
  saveBlob("audit-log.csv", await res.blob());
}

export function useDownloadAuditCsv(callbacks: { onError: (error: Error) => void }) {
  return useMutation({ mutationFn: downloadAuditCsv, ...callbacks });
}
