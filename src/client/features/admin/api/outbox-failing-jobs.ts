import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FailingJob, failingJobsSchema } from "../../../../shared/api/outbox";
import { apiRequest, getJson } from "../../../lib/api-client";

export const failingJobsQueryKey = ["/api/admin/outbox"] as const;
/** The dashboard's counts, which a retry may change. */
const ATTENTION_QUERY_KEY = ["/api/admin/attention"] as const;

/** Background jobs that keep failing (dead, or tried three times or more), newest first. */
export async function getFailingJobs(): Promise<FailingJob[]> {
  return failingJobsSchema.parse(await getJson("/api/admin/outbox", { on401: "throw" })).jobs;
}

export const failingJobsQueryOptions = queryOptions({
  queryKey: failingJobsQueryKey,
  queryFn: getFailingJobs,
  // The worker retries jobs on its own: the list follows it while the page is open.
  refetchInterval: 15_000,
});

export function useFailingJobs() {
  return useQuery(failingJobsQueryOptions);
}

/** "Retry now": the job is due at once; the list is read again whatever the answer. */
export function useRetryJob(callbacks: { onSuccess: () => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (job: FailingJob) => apiRequest("POST", `/api/admin/outbox/${job.id}/retry`, {}),
    ...callbacks,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: failingJobsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ATTENTION_QUERY_KEY }),
      ]),
  });
}
