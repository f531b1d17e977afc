import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { accountStatusSummary } from "../../../../shared/linkedin-account-rules";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount } from "../../../lib/format";
import { cn } from "../../../lib/utils";

function Row({
  label,
  value,
  failed,
  tone,
}: {
  label: string;
  value: number | undefined;
  failed: boolean;
  tone: string;
}) {
  const { t } = useLingui();
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="flex items-center gap-2 text-sm">
        <span aria-hidden="true" className={cn("size-2 rounded-full", tone)} />
        {label}
      </dt>
      <dd className="text-sm font-semibold tabular-nums">
        {value !== undefined ? (
          formatCount(value)
        ) : failed ? (
          <span className="text-muted-foreground">
            <span aria-hidden="true">—</span>
            <span className="sr-only">
              {t({ id: "dashboard.status.unavailable", message: "Unavailable" })}
            </span>
          </span>
        ) : (
          <span className="text-muted-foreground">…</span>
        )}
      </dd>
    </div>
  );
}

/** Decision D1: computed from the accounts (signed in / not signed in / wrong password or restricted). */
export function AccountStatusCard({
  accounts,
  failed,
}: {
  accounts: readonly { status: string }[] | undefined;
  /** The accounts could not be read: the figures say so instead of waiting. */
  failed: boolean;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const summary = accounts ? accountStatusSummary(accounts) : undefined;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t({ id: "dashboard.status.title", message: "Account Status" })}</CardTitle>
        <CardDescription>
          {failed && !summary
            ? t({
                id: "dashboard.status.load-failed",
                message: "Your LinkedIn accounts could not be loaded.",
              })
            : t({ id: "dashboard.status.description", message: "Your LinkedIn accounts by sign-in state." })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <Row
            label={t({ id: "dashboard.status.active", message: "Active" })}
            failed={failed}
            value={summary?.active}
            tone="bg-green-600"
          />
          <Row
            label={t({ id: "dashboard.status.pending-setup", message: "Pending Setup" })}
            failed={failed}
            value={summary?.pendingSetup}
            tone="bg-zinc-400"
          />
          <Row
            label={t({ id: "dashboard.status.issues", message: "Issues" })}
            failed={failed}
            value={summary?.issues}
            tone="bg-red-600"
          />
        </dl>
      </CardContent>
    </Card>
  );
}
