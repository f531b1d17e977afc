import { useId } from "react";
import { accountStatusSummary } from "../../../../shared/linkedin-account-rules";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";

function Row({ label, value, tone }: { label: string; value: number | undefined; tone: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-2">
      <dt className="flex items-center gap-2 text-sm">
        <span aria-hidden="true" className={cn("size-2 rounded-full", tone)} />
        {label}
      </dt>
      <dd className="text-sm font-semibold tabular-nums">
        {value === undefined ? <span className="text-muted-foreground">…</span> : value.toLocaleString()}
      </dd>
    </div>
  );
}

/** Decision D1: computed from the accounts (signed in / not signed in / wrong password or restricted). */
export function AccountStatusCard({ accounts }: { accounts: readonly { status: string }[] | undefined }) {
  const titleId = useId();
  const summary = accounts ? accountStatusSummary(accounts) : undefined;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Account Status</CardTitle>
        <CardDescription>Your LinkedIn accounts by sign-in state.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <Row label="Active" value={summary?.active} tone="bg-green-600" />
          <Row label="Pending Setup" value={summary?.pendingSetup} tone="bg-zinc-400" />
          <Row label="Issues" value={summary?.issues} tone="bg-red-600" />
        </dl>
      </CardContent>
    </Card>
  );
}
