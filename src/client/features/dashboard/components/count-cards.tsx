import { useLingui } from "@lingui/react/macro";
import { BriefcaseBusiness, CircleAlert, CircleCheck, Compass, Mail, MessageCircle } from "lucide-react";
import { type ComponentType, useId } from "react";
import { dashboardCounts } from "../../../../shared/linkedin-account-rules";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount } from "../../../lib/format";

function CountCard({
  title,
  count,
  failed = false,
  icon: Icon,
}: {
  title: string;
  /** Undefined while the accounts load, or when they could not be loaded (`failed`). */
  count: number | undefined;
  failed?: boolean;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
}) {
  const { t } = useLingui();
  const unavailable = count === undefined && failed;
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="gap-3 py-4 sm:py-6">
      <CardHeader className="flex-row items-start justify-between gap-2 px-4 sm:px-6">
        <CardTitle id={titleId} className="text-sm leading-snug font-medium">
          {title}
        </CardTitle>
        <Icon aria-hidden={true} className="size-4 shrink-0 text-muted-foreground" />
      </CardHeader>
      <CardContent className="space-y-1 px-4 sm:px-6">
        <p className="text-3xl font-semibold tabular-nums">
          {unavailable ? (
            <span className="text-muted-foreground">
              <span aria-hidden="true">—</span>
              <span className="sr-only">
                {t({ id: "dashboard.counts.unavailable", message: "Unavailable" })}
              </span>
            </span>
          ) : count === undefined ? (
            <span className="text-muted-foreground">…</span>
          ) : (
            formatCount(count)
          )}
        </p>
        {/* Spec section 2: "Active" with a check above zero, otherwise a dash. */}
        {unavailable ? (
          <p className="flex items-center gap-1 text-sm text-destructive dark:text-red-300">
            <CircleAlert aria-hidden="true" className="size-4" />
            {t({ id: "dashboard.counts.load-failed", message: "Could not be loaded" })}
          </p>
        ) : count !== undefined && count > 0 ? (
          <p className="flex items-center gap-1 text-sm font-medium text-success">
            <CircleCheck aria-hidden="true" className="size-4" />
            {t({ id: "dashboard.counts.active", message: "Active" })}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            <span aria-hidden="true">—</span>
            <span className="sr-only">
              {count === undefined
                ? t({ id: "dashboard.counts.loading", message: "Loading" })
                : t({ id: "dashboard.counts.none", message: "None" })}
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The four count cards, two a row on a phone and four on a wide screen; Email and WhatsApp are not sold yet and always show 0. `failed`: the accounts
 * could not be read, so the two LinkedIn cards say so instead of waiting.
 */
export function CountCards({
  accounts,
  failed,
}: {
  accounts: readonly { accountType: string }[] | undefined;
  failed: boolean;
}) {
  const { t } = useLingui();
  const counts = accounts ? dashboardCounts(accounts) : undefined;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <CountCard
        title={t({ id: "dashboard.counts.linkedin", message: "LinkedIn Accounts" })}
        count={counts?.linkedin}
        failed={failed}
        icon={BriefcaseBusiness}
      />
      <CountCard
        title={t({ id: "dashboard.counts.sales-navigator", message: "Sales Navigator Accounts" })}
        count={counts?.salesNavigator}
        failed={failed}
        icon={Compass}
      />
      <CountCard
        title={t({ id: "dashboard.counts.email", message: "Email Accounts" })}
        count={0}
        icon={Mail}
      />
      <CountCard
        title={t({ id: "dashboard.counts.whatsapp", message: "WhatsApp Accounts" })}
        count={0}
        icon={MessageCircle}
      />
    </div>
  );
}
