import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Skeleton } from "../../../components/ui/skeleton";
import { failureText } from "../../../lib/api-error";
import { formatCount } from "../../../lib/format";
import { toast } from "../../../lib/use-toast";
import { useFailingJobs, useRetryJob } from "../api/outbox-failing-jobs";
import { OutboxJobCard } from "../components/outbox-job-card";

const TITLE = "Outbox";
const DESCRIPTION =
  "Mail and write-backs to the operator's base that keep failing. They are retried on their own until they give up; Retry now tries one again at once.";

function Screen({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {children}
    </div>
  );
}

/** The outbox's health: background jobs that keep failing, never a mail's text or link (decision 038). */
export function OutboxPage() {
  const failing = useFailingJobs();
  const retry = useRetryJob({
    onSuccess: () => toast({ title: "Retrying", description: "The job will be tried again now." }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Retry failed",
        description: failureText(error, "The job could not be retried"),
      }),
  });

  if (failing.isPending) {
    return (
      <Screen>
        <div role="status" aria-label="Loading background jobs" className="space-y-3">
          <span className="sr-only">Loading background jobs</span>
          {[0, 1].map((n) => (
            <div key={n} className="space-y-3 rounded-xl border bg-card p-4">
              <Skeleton className="h-5 w-2/5" />
              <Skeleton className="h-4 w-4/5" />
            </div>
          ))}
        </div>
      </Screen>
    );
  }
  if (!failing.data) {
    return (
      <Screen>
        <ErrorState
          title="The background jobs could not be loaded"
          error={failing.error}
          retrying={failing.isFetching}
          onRetry={() => void failing.refetch()}
        />
      </Screen>
    );
  }

  const jobs = failing.data;
  return (
    <Screen>
      {failing.error ? (
        <ErrorState
          title="The background jobs could not be refreshed"
          note="The list below may be out of date."
          error={failing.error}
          retrying={failing.isFetching}
          onRetry={() => void failing.refetch()}
        />
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {jobs.length === 1 ? "1 job keeps failing" : `${formatCount(jobs.length)} jobs keep failing`}
      </p>
      {jobs.length === 0 ? (
        <EmptyState icon={<CircleCheck aria-hidden="true" />} title="Nothing is failing">
          Mail and write-backs that fail three times, or give up, appear here with their last error.
        </EmptyState>
      ) : (
        <ul aria-label="Failing background jobs" className="space-y-3">
          {jobs.map((job) => (
            <OutboxJobCard
              key={job.id}
              job={job}
              retrying={retry.isPending && retry.variables?.id === job.id}
              onRetry={() => retry.mutate(job)}
            />
          ))}
        </ul>
      )}
    </Screen>
  );
}
