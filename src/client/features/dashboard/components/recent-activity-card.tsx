import { KeyRound, RefreshCw } from "lucide-react";
import { type ReactNode, useId } from "react";
import { LoadFailed } from "../../../components/load-failed";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useRecentActivity } from "../api/get-recent-activity";
import { describeActivity, localDateTime, relativeTime } from "./activity-text";

/** The customer's recent Sync Now runs and secret reveals, newest first. */
export function RecentActivityCard() {
  const titleId = useId();
  const activity = useRecentActivity();
  // The relative times are as of this render; the list is read again on each visit.
  const now = Date.now();

  let body: ReactNode;
  if (activity.isPending) {
    body = <Spinner label="Loading recent activity" className="size-5" />;
  } else if (activity.isError) {
    body = (
      <LoadFailed
        message="Recent activity could not be loaded."
        onRetry={() => void activity.refetch()}
        retrying={activity.isFetching}
      />
    );
  } else if (activity.data.items.length === 0) {
    body = <p className="text-sm text-muted-foreground">No recent activity</p>;
  } else {
    body = (
      <ul className="divide-y">
        {activity.data.items.map((item, index) => {
          const Icon = item.type === "sync" ? RefreshCw : KeyRound;
          return (
            // Two events can share a time; their order in the answer is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on each read
            <li key={`${item.at}-${index}`} className="flex items-start gap-3 py-2.5 text-sm">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="break-words">{describeActivity(item)}</p>
                <time
                  dateTime={item.at}
                  title={localDateTime(item.at)}
                  className="text-xs text-muted-foreground"
                >
                  {relativeTime(item.at, now)}
                </time>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
