import { queryOptions, useQuery } from "@tanstack/react-query";
import { type ImportStatus, importStatusSchema } from "../../../../shared/api/sync";
import { getJson } from "../../../lib/api-client";

export const importStatusQueryKey = ["/api/admin/import-status"] as const;

// Spec sections 4 and 9: the admin import status refreshes every 5 seconds while the page is open.
const IMPORT_STATUS_REFRESH_MS = 5000;

/** What the sync knows: the database totals, the source, the run in progress and the recent runs. Admins only. */
export async function getImportStatus(): Promise<ImportStatus> {
  return importStatusSchema.parse(await getJson("/api/admin/import-status", { on401: "throw" }));
}

export const importStatusQueryOptions = queryOptions({
  queryKey: importStatusQueryKey,
  queryFn: getImportStatus,
  staleTime: 0,
  refetchInterval: IMPORT_STATUS_REFRESH_MS,
});

export function useImportStatus() {
  return useQuery(importStatusQueryOptions);
}
