import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BellOff, CheckCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { Notification } from "../../../../shared/api/notifications";
import { EmptyState } from "../../../components/empty-state";
import { ErrorState } from "../../../components/error-state";
import { LoadMoreFooter } from "../../../components/load-more-footer";
import { NativeSelect } from "../../../components/native-select";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { failureText } from "../../../lib/api-error";
import { i18n } from "../../../lib/i18n/i18n";
import { toast } from "../../../lib/use-toast";
import { type UrlFilters, useUrlFilters } from "../../../lib/use-url-filters";
import { useNotificationList } from "../api/get-notifications";
import { useMarkRead } from "../api/mark-read";
import { NotificationEntry } from "../components/notification-entry";

const PAGE_SIZE = 30;

type Show = "all" | "unread";
interface NotificationFilters {
  show: Show;
}

const NOTIFICATION_URL_FILTERS: UrlFilters<NotificationFilters> = {
  parse: (params) => ({ show: params.get("show") === "unread" ? "unread" : "all" }),
  serialize: ({ show }) => new URLSearchParams(show === "unread" ? { show } : {}),
  empty: { show: "all" },
};

function markFailed(error: unknown) {
  toast({
    variant: "destructive",
    title: i18n._(msg({ id: "notifications.mark-failed", message: "Could not mark as read" })),
    description: failureText(
      error,
      i18n._(
        msg({
          id: "notifications.mark-failed-text",
          message: "The notifications could not be marked as read",
        }),
      ),
    ),
  });
}

function Screen({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t({ id: "notifications.title", message: "Notifications" })}
        description={t({
          id: "notifications.page.description",
          message: "What changed in your accounts, requests and payments.",
        })}
        actions={actions}
      />
      {children}
    </div>
  );
}

/** The customer's notifications, newest first: all or only the unread, marked read one by one or all at once. */
export function NotificationsPage() {
  const { t } = useLingui();
  const { filters, setFilters } = useUrlFilters(NOTIFICATION_URL_FILTERS);
  const list = useNotificationList({ unread: filters.show === "unread", limit: PAGE_SIZE });
  const markRead = useMarkRead();
  const [now] = useState(() => Date.now());

  const entries = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = list.data?.pages.at(-1)?.unreadCount ?? 0;

  const open = (entry: Notification) => {
    if (!entry.read) markRead.mutate({ ids: [entry.id] }, { onError: markFailed });
  };

  const actions = (
    <Button
      variant="outline"
      disabled={unread === 0 || markRead.isPending}
      onClick={() =>
        markRead.mutate(
          { all: true },
          {
            onSuccess: () =>
              toast({
                title: t({
                  id: "notifications.page.all-marked",
                  message: "All notifications marked as read",
                }),
              }),
            onError: markFailed,
          },
        )
      }
    >
      <CheckCheck aria-hidden="true" />
      {t({ id: "notifications.mark-all-read", message: "Mark all read" })}
    </Button>
  );

  const filterBar = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <NativeSelect<Show>
        label={t({ id: "notifications.page.show", message: "Show" })}
        className="w-full sm:w-48"
        value={filters.show}
        options={[
          { value: "all", label: t({ id: "notifications.page.show.all", message: "All" }) },
          { value: "unread", label: t({ id: "notifications.page.show.unread", message: "Unread" }) },
        ]}
        onChange={(show) => setFilters({ show })}
      />
      {list.data ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t({
            id: "notifications.page.unread-count",
            message: plural(unread, { one: "# unread notification", other: "# unread notifications" }),
          })}
        </p>
      ) : null}
    </div>
  );

  if (list.isPending) {
    return (
      <Screen actions={actions}>
        {filterBar}
        <div
          role="status"
          aria-label={t({ id: "notifications.loading", message: "Loading notifications" })}
          className="space-y-3"
        >
          <span className="sr-only">
            {t({ id: "notifications.loading", message: "Loading notifications" })}
          </span>
          {[0, 1, 2].map((n) => (
            <div key={n} className="space-y-2 rounded-xl border bg-card p-4">
              <Skeleton className="h-4 w-3/5" />
              <Skeleton className="h-3 w-1/5" />
            </div>
          ))}
        </div>
      </Screen>
    );
  }
  if (!list.data) {
    return (
      <Screen actions={actions}>
        {filterBar}
        <ErrorState
          title={t({ id: "notifications.load-failed", message: "Your notifications could not be loaded" })}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      </Screen>
    );
  }

  return (
    <Screen actions={actions}>
      {filterBar}
      {list.isError && !list.isFetchNextPageError ? (
        <ErrorState
          title={t({
            id: "notifications.page.refresh-failed",
            message: "Your notifications could not be refreshed",
          })}
          note={t({
            id: "notifications.page.refresh-failed-note",
            message: "The list below may be out of date.",
          })}
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {entries.length === 0 ? (
        filters.show === "unread" ? (
          <EmptyState
            icon={<CheckCheck aria-hidden="true" />}
            title={t({ id: "notifications.page.caught-up", message: "You're all caught up" })}
            action={
              <Button variant="outline" onClick={() => setFilters({ show: "all" })}>
                {t({ id: "notifications.page.show-all", message: "Show all notifications" })}
              </Button>
            }
          >
            {t({ id: "notifications.page.no-unread", message: "No unread notifications." })}
          </EmptyState>
        ) : (
          <EmptyState
            icon={<BellOff aria-hidden="true" />}
            title={t({ id: "notifications.page.empty", message: "No notifications yet" })}
          >
            {t({
              id: "notifications.page.empty-text",
              message:
                "Changes to your LinkedIn accounts, optimization and replacement requests, payments and sign-ins appear here.",
            })}
          </EmptyState>
        )
      ) : (
        <ul
          aria-label={t({ id: "notifications.title", message: "Notifications" })}
          className="divide-y rounded-xl border bg-card p-1"
        >
          {entries.map((entry) => (
            <NotificationEntry key={entry.id} entry={entry} now={now} onOpen={open} />
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
          button: t({ id: "notifications.page.load-more", message: "Load more" }),
          loading: t({ id: "notifications.page.loading-more", message: "Loading more notifications" }),
          failed: t({
            id: "notifications.page.more-failed",
            message: "More notifications could not be loaded",
          }),
        }}
      />
    </Screen>
  );
}
