import { useLingui } from "@lingui/react/macro";
import {
  CircleAlert,
  CreditCard,
  Download,
  KeyRound,
  type LucideIcon,
  Receipt,
  RefreshCw,
  ShoppingCart,
  Undo2,
} from "lucide-react";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import type { ActivityItem } from "../../../../shared/api/activity";
import { InlineError } from "../../../components/error-state";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { useRecentActivity } from "../api/get-recent-activity";
import { activityLink, describeActivity, relativeTime } from "./activity-text";

function iconOf(item: ActivityItem): LucideIcon {
  switch (item.type) {
    case "sync":
      return RefreshCw;
    case "reveal":
      return item.secret === "export" ? Download : KeyRound;
    case "order":
      return ShoppingCart;
    case "payment":
      return item.kind === "failed"
        ? CircleAlert
        : item.kind === "refund"
          ? Undo2
          : item.kind === "other"
            ? Receipt
            : CreditCard;
  }
}

/**
 * The customer's recent Sync Now runs, secret reveals, payments and orders, newest first; a payment
 * leads to the billing history, an order to the orders. The list has a height of its own and scrolls
 * inside it, so a busy day does not stretch the dashboard.
 */
export function RecentActivityCard() {
  const { t } = useLingui();
  const titleId = useId();
  const activity = useRecentActivity();
  // The relative times are as of this render; the list is read again on each visit.
  const now = Date.now();

  let body: ReactNode;
  if (activity.isPending) {
    body = (
      <Spinner
        label={t({ id: "dashboard.activity.loading", message: "Loading recent activity" })}
        className="size-5"
      />
    );
  } else if (activity.isError) {
    body = (
      <InlineError
        message={t({ id: "dashboard.activity.load-failed", message: "Recent activity could not be loaded." })}
        onRetry={() => void activity.refetch()}
        retrying={activity.isFetching}
      />
    );
  } else if (activity.data.items.length === 0) {
    body = (
      <p className="text-sm text-muted-foreground">
        {t({ id: "dashboard.activity.empty", message: "No recent activity" })}
      </p>
    );
  } else {
    body = (
      <ul
        aria-labelledby={titleId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable list must be reachable by keyboard
        tabIndex={0}
        className="-mx-2 max-h-80 divide-y overflow-y-auto overscroll-contain rounded-md px-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {activity.data.items.map((item, index) => {
          const Icon = iconOf(item);
          const text = describeActivity(item);
          const to = activityLink(item);
          return (
            // Two events can share a time; their order in the answer is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole on each read
            <li key={`${item.at}-${index}`} className="flex items-start gap-3 py-2.5 text-sm">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="break-words">
                  {to ? (
                    <Link
                      to={to}
                      className="rounded-sm underline decoration-muted-foreground/50 underline-offset-4 outline-none hover:decoration-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                    >
                      {text}
                    </Link>
                  ) : (
                    text
                  )}
                </p>
                <time
                  dateTime={item.at}
                  title={formatDateTime(item.at)}
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
        <CardTitle id={titleId}>
          {t({ id: "dashboard.activity.title", message: "Recent Activity" })}
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
