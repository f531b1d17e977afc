import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { type PlanState, planStateOf, type Subscription } from "../../../../shared/api/subscriptions";
import { InlineError } from "../../../components/error-state";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount, formatDate } from "../../../lib/format";
import { i18n } from "../../../lib/i18n/i18n";
import { formatMoney } from "../../../lib/money";
import { cn } from "../../../lib/utils";
import { useSubscriptions } from "../api/get-subscriptions";
import { ManageBilling } from "./manage-billing-button";

const stateTones: Record<PlanState, string> = {
  active: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  "past-due": "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  ending: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200",
  paused: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200",
  pending: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200",
};

/** How a plan stands, in words: "Active", "Past due", "Cancels on Dec 26, 2026", ... */
export function planStateText(plan: Pick<Subscription, "status" | "endsAt">): string {
  const state = planStateOf(plan);
  switch (state) {
    case "ending": {
      const date = formatDate(plan.endsAt ?? "");
      return i18n._(msg({ id: "billing.plans.state.ending", message: `Cancels on ${date}` }));
    }
    case "past-due":
      return i18n._(msg({ id: "billing.plans.state.past-due", message: "Past due" }));
    case "paused":
      return i18n._(msg({ id: "billing.plans.state.paused", message: "Paused" }));
    case "pending":
      return i18n._(msg({ id: "billing.plans.state.pending", message: "Awaiting payment" }));
    default:
      return i18n._(msg({ id: "billing.plans.state.active", message: "Active" }));
  }
}

function Fact({ label, children }: { label: string; children: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function PlanItem({ plan }: { plan: Subscription }) {
  const { t } = useLingui();
  const state = planStateOf(plan);
  const amount = formatMoney(plan.amountCents, plan.currency);
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 className="min-w-0 font-medium [overflow-wrap:anywhere]">{plan.product}</h3>
        <Badge variant="outline" data-state={state} className={cn("border-transparent", stateTones[state])}>
          {planStateText(plan)}
        </Badge>
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <Fact label={t({ id: "billing.plans.amount", message: "Amount" })}>
          {t({ id: "billing.plans.amount-per-month", message: `${amount} per month` })}
        </Fact>
        <Fact label={t({ id: "billing.plans.quantity", message: "Quantity" })}>
          {formatCount(plan.quantity)}
        </Fact>
        {state === "ending" ? null : (
          <Fact label={t({ id: "billing.plans.next-charge", message: "Next charge" })}>
            {plan.currentPeriodEnd
              ? formatDate(plan.currentPeriodEnd)
              : t({ id: "billing.plans.next-charge-unknown", message: "Not known yet" })}
          </Fact>
        )}
      </dl>
    </li>
  );
}

/**
 * "Your plans": the customer's subscriptions that have not ended, with what each charges and when,
 * and how it stands. Changing or cancelling one goes through Manage billing, which the card offers
 * itself where the page has no Manage billing of its own (`withManageBilling`). Shows nothing while
 * loading and when there is no plan, so a page without plans looks as it did.
 */
export function YourPlansCard({ withManageBilling = false }: { withManageBilling?: boolean }) {
  const { t } = useLingui();
  const plans = useSubscriptions();
  const titleId = useId();
  const title = t({ id: "billing.plans.title", message: "Your plans" });
  if (plans.isPending) return null;
  if (!plans.data) {
    return (
      <Card className="gap-3 py-4" role="region" aria-labelledby={titleId}>
        <CardHeader className="px-4">
          <CardTitle id={titleId}>{title}</CardTitle>
        </CardHeader>
        <CardContent className="px-4">
          <InlineError
            message={t({ id: "billing.plans.load-failed", message: "Your plans could not be loaded." })}
            onRetry={() => void plans.refetch()}
            retrying={plans.isFetching}
          />
        </CardContent>
      </Card>
    );
  }
  const { subscriptions, billingAccount } = plans.data;
  if (subscriptions.length === 0) return null;
  return (
    <Card className="gap-3 py-4" role="region" aria-labelledby={titleId}>
      <CardHeader className="px-4">
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>
          {t({ id: "billing.plans.description", message: "To change or cancel a plan, use Manage billing." })}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        <ul aria-label={title} className="divide-y">
          {subscriptions.map((plan) => (
            <PlanItem key={plan.id} plan={plan} />
          ))}
        </ul>
        {withManageBilling ? (
          <div className="mt-4">
            <ManageBilling account={billingAccount} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
