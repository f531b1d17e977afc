import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { REQUEST_STATUSES, type RequestStatus } from "../../../../shared/api/replacement-requests";
import { NoMatches } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadMoreFooter } from "../../../components/load-more-footer";
import { NativeSelect } from "../../../components/native-select";
import { PageHeader } from "../../../components/page-header";
import { REQUEST_STATUS_LABELS } from "../../../components/request-words";
import { SignedOutPanel } from "../../../components/signed-out-panel";
import { ApiError } from "../../../lib/api-client";
import { formatCount } from "../../../lib/format";
import { useSessionUser } from "../../../lib/session";
import { type UrlFilters, useUrlFilters } from "../../../lib/use-url-filters";
import { useReplacementRequests } from "../api/get-replacement-requests";
import { RequestCard } from "../components/request-card";
import { NoRequests, RequestsLoading } from "../components/request-list-states";

const TITLE = msg({ id: "replacements.title", message: "Requests" });
const DESCRIPTION = msg({
  id: "replacements.description",
  message: "The problems you reported with your accounts, and what the operator does about them.",
});
const SIGNED_OUT = msg({ id: "replacements.signed-out", message: "Please log in to view your requests" });

/** What the filter offers: every request, the open ones (submitted or in progress), or one status. */
type StatusChoice = "all" | "open" | RequestStatus;

const STATUS_CHOICES: readonly StatusChoice[] = ["all", "open", ...REQUEST_STATUSES];

/** How many requests of the chosen status are listed: "3 requests", "1 open request", "12+ requests". */
function countMessage(choice: StatusChoice, count: number, shown: string): MessageDescriptor {
  switch (choice) {
    case "all":
      return msg({
        id: "replacements.count.all",
        message: plural(count, { one: `${shown} request`, other: `${shown} requests` }),
      });
    case "open":
      return msg({
        id: "replacements.count.open",
        message: plural(count, { one: `${shown} open request`, other: `${shown} open requests` }),
      });
    case "submitted":
      return msg({
        id: "replacements.count.submitted",
        message: plural(count, { one: `${shown} submitted request`, other: `${shown} submitted requests` }),
      });
    case "in_progress":
      return msg({
        id: "replacements.count.in-progress",
        message: plural(count, {
          one: `${shown} in progress request`,
          other: `${shown} in progress requests`,
        }),
      });
    case "fixed":
      return msg({
        id: "replacements.count.fixed",
        message: plural(count, { one: `${shown} fixed request`, other: `${shown} fixed requests` }),
      });
    case "replaced":
      return msg({
        id: "replacements.count.replaced",
        message: plural(count, { one: `${shown} replaced request`, other: `${shown} replaced requests` }),
      });
    case "declined":
      return msg({
        id: "replacements.count.declined",
        message: plural(count, { one: `${shown} declined request`, other: `${shown} declined requests` }),
      });
    case "withdrawn":
      return msg({
        id: "replacements.count.withdrawn",
        message: plural(count, { one: `${shown} withdrawn request`, other: `${shown} withdrawn requests` }),
      });
  }
}

/** The heading when no request has the chosen status. */
const NO_MATCHES: Record<StatusChoice, MessageDescriptor> = {
  all: msg({ id: "replacements.no-matches.all", message: "No requests" }),
  open: msg({ id: "replacements.no-matches.open", message: "No open requests" }),
  submitted: msg({ id: "replacements.no-matches.submitted", message: "No submitted requests" }),
  in_progress: msg({ id: "replacements.no-matches.in-progress", message: "No in progress requests" }),
  fixed: msg({ id: "replacements.no-matches.fixed", message: "No fixed requests" }),
  replaced: msg({ id: "replacements.no-matches.replaced", message: "No replaced requests" }),
  declined: msg({ id: "replacements.no-matches.declined", message: "No declined requests" }),
  withdrawn: msg({ id: "replacements.no-matches.withdrawn", message: "No withdrawn requests" }),
};

const ALL_LABEL = msg({ id: "replacements.filter.all", message: "All" });
const OPEN_LABEL = msg({ id: "replacements.filter.open", message: "Open" });

const isStatusChoice = (value: string | null): value is StatusChoice =>
  STATUS_CHOICES.some((choice) => choice === value);

/** The status filter lives in the URL (`?status=open`), so reload, Back and a shared link keep it. */
const REQUEST_URL_FILTERS: UrlFilters<{ status: StatusChoice }> = {
  parse: (params) => {
    const status = params.get("status");
    return { status: isStatusChoice(status) ? status : "all" };
  },
  serialize: ({ status }) => new URLSearchParams(status === "all" ? {} : { status }),
  empty: { status: "all" },
};

function Screen({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeader title={i18n._(TITLE)} description={i18n._(DESCRIPTION)} />
      {children}
    </div>
  );
}

export function ReplacementRequestsPage() {
  const { i18n } = useLingui();
  const { user } = useSessionUser();
  // The signed-in area renders this page only with a user; without one it is the signed-out message.
  if (!user) {
    return (
      <Screen>
        <SignedOutPanel title={i18n._(SIGNED_OUT)} />
      </Screen>
    );
  }
  return <RequestsScreen />;
}

function RequestsScreen() {
  const { i18n, t } = useLingui();
  const { filters, setFilters, clearFilters } = useUrlFilters(REQUEST_URL_FILTERS);
  const status = filters.status === "all" ? undefined : filters.status;
  const list = useReplacementRequests(status);
  const retry = () => void list.refetch();

  if (list.error instanceof ApiError && list.error.status === 401) {
    return (
      <Screen>
        <SignedOutPanel title={i18n._(SIGNED_OUT)} />
      </Screen>
    );
  }

  const options = STATUS_CHOICES.map((choice) => ({
    value: choice,
    label:
      choice === "all"
        ? i18n._(ALL_LABEL)
        : choice === "open"
          ? i18n._(OPEN_LABEL)
          : i18n._(REQUEST_STATUS_LABELS[choice]),
  }));
  const filterBar = (
    <NativeSelect
      label={t({ id: "replacements.filter.status", message: "Status" })}
      className="sm:w-56"
      value={filters.status}
      options={options}
      onChange={(value) => setFilters({ status: value })}
    />
  );

  if (list.isPending) {
    return (
      <Screen>
        {filterBar}
        <RequestsLoading />
      </Screen>
    );
  }
  if (!list.data) {
    return (
      <Screen>
        <ErrorState
          title={t({ id: "replacements.load-failed", message: "Your requests could not be loaded" })}
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      </Screen>
    );
  }

  const requests = list.data.pages.flatMap((page) => page.requests);
  if (requests.length === 0 && !status) {
    return (
      <Screen>
        <NoRequests />
      </Screen>
    );
  }
  const shown = `${formatCount(requests.length)}${list.hasNextPage ? "+" : ""}`;
  const count = i18n._(countMessage(filters.status, requests.length, shown));
  return (
    <Screen>
      {filterBar}
      {list.isRefetchError ? (
        <ErrorState
          title={t({ id: "replacements.refresh-failed", message: "Your requests could not be refreshed" })}
          note={t({ id: "replacements.out-of-date", message: "The list below may be out of date." })}
          error={list.error}
          retrying={list.isFetching}
          onRetry={retry}
        />
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {count}
      </p>
      {requests.length === 0 ? (
        <NoMatches
          title={i18n._(NO_MATCHES[filters.status])}
          clearLabel={t({ id: "replacements.show-all", message: "Show all requests" })}
          onClear={clearFilters}
        />
      ) : (
        <ul aria-label={t({ id: "replacements.list-label", message: "Requests" })} className="space-y-3">
          {requests.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </ul>
      )}
      <LoadMoreFooter
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        failed={list.isFetchNextPageError}
        error={list.error}
        onLoadMore={() => void list.fetchNextPage()}
        labels={{
          button: t({ id: "replacements.load-more", message: "Load more requests" }),
          loading: t({ id: "replacements.loading-more", message: "Loading more requests" }),
          failed: t({ id: "replacements.load-more-failed", message: "More requests could not be loaded" }),
        }}
      />
    </Screen>
  );
}
