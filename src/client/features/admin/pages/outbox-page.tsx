import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Skeleton } from "../../../components/ui/skeleton";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { useFailingJobs, useRetryJob } from "../api/outbox-failing-jobs";
import { OutboxJobCard } from "../components/outbox-job-card";

function Screen({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t({ id: "admin.outbox.title", message: "Outbox" })}
        description={t({
          id: "admin.outbox.description",
          message:
            "Mail and write-backs to the operator's base that keep failing. They are retried on their own until they give up; Retry now tries one again at once.",
        })}
      />
      {children}
    </div>
  );
}

/** The outbox's health: background jobs that keep failing, never a mail's text or link (decision 038). */
export function OutboxPage() {
  const { t } = useLingui();
  const failing = useFailingJobs();
  const retry = useRetryJob({
    onSuccess: () =>
      toast({
        title: t({ id: "admin.outbox.retrying-toast", message: "Retrying" }),
        description: t({
          id: "admin.outbox.retrying-toast-text",
          message: "The job will be tried again now.",
        }),
      }),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: t({ id: "admin.outbox.retry-failed", message: "Retry failed" }),
        description: failureText(
          error,
          t({ id: "admin.outbox.retry-failed-text", message: "The job could not be retried" }),
        ),
      }),
  });

  if (failing.isPending) {
    const loading = t({ id: "admin.outbox.loading", message: "Loading background jobs" });
    return (
      <Screen>
        <div role="status" aria-label={loading} className="space-y-3">
          <span className="sr-only">{loading}</span>
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
          title={t({ id: "admin.outbox.load-failed", message: "The background jobs could not be loaded" })}
          error={failing.error}
          retrying={failing.isFetching}
          onRetry={() => void failing.refetch()}
        />
      </Screen>
    );
  }

  const jobs = failing.data;
  const count = jobs.length;
  return (
    <Screen>
      {failing.error ? (
        <ErrorState
          title={t({
            id: "admin.outbox.refresh-failed",
            message: "The background jobs could not be refreshed",
          })}
          note={t({ id: "admin.outbox.refresh-failed-note", message: "The list below may be out of date." })}
          error={failing.error}
          retrying={failing.isFetching}
          onRetry={() => void failing.refetch()}
        />
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {t({
          id: "admin.outbox.count",
          message: plural(count, { one: "# job keeps failing", other: "# jobs keep failing" }),
        })}
      </p>
      {jobs.length === 0 ? (
        <EmptyState
          icon={<CircleCheck aria-hidden="true" />}
          title={t({ id: "admin.outbox.empty", message: "Nothing is failing" })}
        >
          {t({
            id: "admin.outbox.empty-text",
            message:
              "Mail and write-backs that fail three times, or give up, appear here with their last error.",
          })}
        </EmptyState>
      ) : (
        <ul
          aria-label={t({ id: "admin.outbox.list", message: "Failing background jobs" })}
          className="space-y-3"
        >
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
