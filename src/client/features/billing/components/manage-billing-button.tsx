import { CreditCard, LoaderCircle } from "lucide-react";
import type { BillingAccount } from "../../../../shared/api/subscriptions";
import { Button } from "../../../components/ui/button";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { cn } from "../../../lib/utils";
import { useOpenBillingPortal } from "../api/open-billing-portal";
import { useLeavingPage } from "./use-leaving-page";

const FAILED_TITLE = "Billing Unavailable";

/**
 * Manage billing: asks the server for the customer's billing page (subscriptions, cards, invoices)
 * and sends the browser there, staying busy until the browser has left.
 */
export function ManageBillingButton() {
  const { leaving, leave } = useLeavingPage(FAILED_TITLE);
  const portal = useOpenBillingPortal({
    onSuccess: leave,
    onError: (error) =>
      toast({
        variant: "destructive",
        title: FAILED_TITLE,
        description: failureText(error, "Your billing page could not be opened"),
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
      Manage billing
    </Button>
  );
}

/** Why there is no Manage billing yet, in one line, for a customer without a billing account. */
export const NO_BILLING_ACCOUNT_TEXT: Record<Exclude<BillingAccount, "ready">, string> = {
  none: "Manage billing opens your plans, cards and invoices once you have made your first payment.",
  unavailable: "Card payments are not set up in this portal yet, so there is no billing page to open.",
};

/** Manage billing when the customer has a billing account; otherwise the line that says why not. */
export function ManageBilling({ account, className }: { account: BillingAccount; className?: string }) {
  if (account === "ready") return <ManageBillingButton />;
  return <p className={cn("text-sm text-muted-foreground", className)}>{NO_BILLING_ACCOUNT_TEXT[account]}</p>;
}
