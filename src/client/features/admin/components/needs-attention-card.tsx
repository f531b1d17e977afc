import { useLingui } from "@lingui/react/macro";
import { ChevronRight } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { InlineError } from "../../../components/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/utils";
import { useAttention } from "../api/get-attention";
import { attentionRows } from "./attention-rows";

/** The admin's dashboard card: what needs attention, each row linking to the page that deals with it. */
export function NeedsAttentionCard() {
  // The rows are worded as the card renders; `t` re-renders it when the language changes.
  const { t } = useLingui();
  const titleId = useId();
  const attention = useAttention();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t({ id: "admin.attention.title", message: "Needs attention" })}</CardTitle>
        <CardDescription>
          {t({ id: "admin.attention.description", message: "What the portal could not finish on its own." })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {attention.data ? (
          <ul className="divide-y rounded-lg border">
            {attentionRows(attention.data).map((row) => (
              <li key={row.to}>
                <Link
                  to={row.to}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="flex-1 font-medium">{row.label}</span>
                  <span
                    data-alarming={row.alarming || undefined}
                    className={cn(
                      "tabular-nums",
                      row.alarming
                        ? "font-semibold text-destructive dark:text-red-300"
                        : "text-muted-foreground",
                    )}
                  >
                    {row.value}
                  </span>
                  <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        ) : attention.isError ? (
          <InlineError
            message={t({
              id: "admin.attention.load-failed",
              message: "What needs attention could not be loaded.",
            })}
            onRetry={() => void attention.refetch()}
            retrying={attention.isFetching}
          />
        ) : (
          <div
            role="status"
            aria-label={t({ id: "admin.attention.loading", message: "Loading what needs attention" })}
            className="space-y-2"
          >
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
