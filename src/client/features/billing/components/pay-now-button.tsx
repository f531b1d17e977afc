import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { CreditCard, LoaderCircle } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { usePayNow } from "../api/pay-now";
import { useLeavingPage } from "./use-leaving-page";

/**
 * Pay now on a failed payment: asks the server for the failed invoice's page at the payment provider
 * and sends the browser there. A payment made since is refused, and the list is loaded again so the
 * button goes.
 */
export function PayNowButton({ transactionId, description }: { transactionId: number; description: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const failedTitle = t({ id: "billing.pay-now.failed-title", message: "Payment Not Started" });
  const { leaving, leave } = useLeavingPage(failedTitle);
  const pay = usePayNow({
    onSuccess: leave,
    onError: (error) => {
      toast({
        variant: "destructive",
        title: failedTitle,
        description: failureText(
          error,
          t({ id: "billing.pay-now.failed-text", message: "The payment page could not be opened" }),
        ),
      });
      void queryClient.invalidateQueries({ queryKey: ["/api/transactions"] });
    },
  });
  const busy = pay.isPending || leaving;
  return (
    <Button
      size="sm"
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) pay.mutate(transactionId);
      }}
    >
      {busy ? (
        <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
      ) : (
        <CreditCard aria-hidden="true" />
      )}
      <Trans id="billing.pay-now.button">
        Pay now <span className="sr-only">for {description}</span>
      </Trans>
    </Button>
  );
}
