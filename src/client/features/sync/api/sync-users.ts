import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type SyncResults, syncResultsSchema } from "../../../../shared/api/sync";
import { apiRequest } from "../../../lib/api-client";
import { importStatusQueryKey } from "./get-import-status";

// How soon after starting a run the status is read again, so the run's live counts show without
// waiting for the next 5-second refresh (the run has to have begun on the server by then).
const FIRST_PROGRESS_READ_MS = 1000;

/** The runs an admin can start from the page: every table in full, or only what changed. */
export type AdminSyncKind = "full" | "incremental";

/**
 * Runs a sync and answers when it has finished, which can take tens of seconds for a big base;
 * meanwhile the import status carries the run's live counts.
 */
export async function syncUsers(kind: AdminSyncKind): Promise<SyncResults> {
  // An empty body is the contract's full run.
  const res = await apiRequest("POST", "/api/admin/sync-users", kind === "full" ? {} : { kind });
  return syncResultsSchema.parse(await res.json());
}

/**
 * `onSuccess`/`onError` are the mutation's own callbacks rather than `mutate()`'s, so they still run
 * when the admin has left the page during a long run (the toast then shows wherever they are).
 */
export function useSyncUsers(
  callbacks: { onSuccess?: (results: SyncResults) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncUsers,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onMutate: () => {
      setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: importStatusQueryKey }),
        FIRST_PROGRESS_READ_MS,
      );
    },
    // Totals, recent runs and error details all change with a run, whether it succeeded or not. Not
    // awaited: the mutation keeps its answer until onSettled resolves, and the results card would
    // show the previous run beside the toast of this one for a whole refetch.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: importStatusQueryKey });
    },
  });
}
