import { type ReactNode, useDeferredValue, useMemo, useState } from "react";
import { LoadFailedAlert } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { failureText } from "../../../lib/api-error";
import { useSessionUser } from "../../../lib/session";
import { useProfileOptimizations } from "../api/get-profile-optimizations";
import { NewRequestButton, NoRequestFormNotice } from "../components/new-request";
import { OptimizationCard } from "../components/optimization-card";
import { filterOptimizations, hasFilters } from "../components/optimization-filters";
import {
  NoMatchingOptimizations,
  NoOptimizations,
  OptimizationsLoading,
} from "../components/optimization-states";
import { OptimizationToolbar } from "../components/optimization-toolbar";
import { useOptimizationFilters } from "../components/use-optimization-filters";

const TITLE = "Profile Optimization";
const DESCRIPTION = "Your profile optimization requests and their progress.";
// Spec section 8, word for word.
const LOAD_FAILED = "Failed to load profile optimizations. Please try again.";

export function OptimizationPage() {
  const { user } = useSessionUser();
  const list = useProfileOptimizations();
  const { filters, setFilters, clearFilters } = useOptimizationFilters();
  const [askedWithoutForm, setAskedWithoutForm] = useState(false);
  // Typing stays responsive on a long list: the cards catch up with the search a moment later.
  const q = useDeferredValue(filters.q);

  const requests = list.data;
  const filtered = useMemo(
    () => (requests ? filterOptimizations(requests, { q, status: filters.status }) : []),
    [requests, q, filters.status],
  );

  let body: ReactNode;
  if (list.isPending) {
    body = <OptimizationsLoading />;
  } else if (!requests) {
    body = (
      <LoadFailedAlert
        title={LOAD_FAILED}
        detail={failureText(list.error)}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (requests.length === 0) {
    body = <NoOptimizations />;
  } else {
    body = (
      <div className="space-y-4">
        <OptimizationToolbar filters={filters} onChange={setFilters} onClear={clearFilters} />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {hasFilters(filters)
            ? `Showing ${filtered.length} of ${requests.length} requests`
            : `${requests.length} ${requests.length === 1 ? "request" : "requests"}`}
        </p>
        {filtered.length === 0 ? (
          <NoMatchingOptimizations onClear={clearFilters} />
        ) : (
          <ul className="space-y-4">
            {filtered.map((request) => (
              <li key={request.id}>
                <OptimizationCard request={request} />
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={TITLE}
        description={DESCRIPTION}
        actions={
          <NewRequestButton
            optimizationUrl={user?.optimizationUrl ?? null}
            onMissingUrl={() => setAskedWithoutForm(true)}
          />
        }
      />
      <div aria-live="polite">{askedWithoutForm ? <NoRequestFormNotice /> : null}</div>
      {body}
    </div>
  );
}
