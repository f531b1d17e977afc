import { useLingui } from "@lingui/react/macro";
import { ListChecks } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

/** What an operator does once the base is in the portal. */
export function NextStepsCard({ hasErrors, scheduleOn }: { hasErrors: boolean; scheduleOn: boolean }) {
  const { t } = useLingui();
  const titleId = useId();
  const steps = [
    t({
      id: "sync.next.claim",
      message:
        "Customers can now claim their records with Existing-customer registration: they confirm their email and their accounts are linked.",
    }),
    ...(hasErrors
      ? [
          t({
            id: "sync.next.fix",
            message: "Fix the records listed under errors in the base, then run Sync changes only.",
          }),
        ]
      : []),
    t({
      id: "sync.next.accounts",
      message:
        "Accounts appear on each customer's LinkedIn Accounts page, and their optimizations and transactions on theirs.",
    }),
    scheduleOn
      ? t({
          id: "sync.next.schedule-on",
          message:
            "The schedule brings later changes in by itself; run Sync changes only here when a change cannot wait.",
        })
      : t({
          id: "sync.next.schedule-off",
          message: "The schedule is off: run Sync changes only here whenever the base has changed.",
        }),
  ];
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <ListChecks aria-hidden="true" className="size-5 text-primary dark:text-blue-300" />
          {t({ id: "sync.next.title", message: "Next steps" })}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm marker:text-muted-foreground">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
