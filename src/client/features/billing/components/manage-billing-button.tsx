import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CreditCard, LoaderCircle } from "lucide-react";
import type { BillingAccount } from "../../../../shared/api/subscriptions";
import { Button } from "../../../components/ui/button";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { cn } from "../../../lib/utils";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { useLeavingPage } from "./use-leaving-page";

/**
 * Manage billing: asks the server for the customer's billing page (subscriptions, cards, invoices)
 * and sends the browser there, staying busy until the browser has left.
 */
export function ManageBillingButton() {
  const { t } = useLingui();
  const failedTitle = t({ id: "billing.manage.failed-title", message: "Billing Unavailable" });
  const { leaving, leave } = useLeavingPage(failedTitle);
  const portal = useOpenBillingPortal({
    onSuccess: leave,
    onError: (error) =>
      toast({
        variant: "destructive",
        title: failedTitle,
        description: failureText(
          error,
          t({ id: "billing.manage.failed-text", message: "Your billing page could not be opened" }),
        ),
      }),
  });

  const busy = portal.isPending || leaving;
  return (
    <Button
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) portal.mutate();
      }}
    >
      {busy ? (
        <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      ) : (
        <CreditCard aria-hidden="true" />
      )}
      {t({ id: "billing.manage.button", message: "Manage billing" })}
    </Button>
  );
}

/** Why there is no Manage billing yet, in one line, for a customer without a billing account. */
export const NO_BILLING_ACCOUNT_TEXT: Record<Exclude<BillingAccount, "ready">, MessageDescriptor> = {
  none: msg({
    id: "billing.manage.no-account",
    message: "Manage billing opens your plans, cards and invoices once you have made your first payment.",
  }),
  unavailable: msg({
    id: "billing.manage.unavailable",
    message: "Card payments are not set up in this portal yet, so there is no billing page to open.",
  }),
};

/** Manage billing when the customer has a billing account; otherwise the line that says why not. */
export function ManageBilling({ account, className }: { account: BillingAccount; className?: string }) {
  const { i18n } = useLingui();
  if (account === "ready") return <ManageBillingButton />;
  return (
    <p className={cn("text-sm text-muted-foreground", className)}>
      {i18n._(NO_BILLING_ACCOUNT_TEXT[account])}
    </p>
  );
}
