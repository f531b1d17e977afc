import { CreditCard, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { useOpenBillingPortal } from "../api/open-billing-portal";

const FAILED_TITLE = "Billing Unavailable";

/** Only web addresses are followed: the answer decides where the whole page goes. */
export function isFollowableUrl(url: string, base: string): boolean {
  try {
    const protocol = new URL(url, base).protocol;
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Manage billing: asks the server for the customer's billing page (subscriptions, cards, invoices)
 * and sends the browser there, staying busy until the browser has left.
 */
export function ManageBillingButton() {
  const [leaving, setLeaving] = useState(false);
  const portal = useOpenBillingPortal({
    onSuccess: (url) => {
      if (isFollowableUrl(url, window.location.href)) {
        setLeaving(true);
        window.location.assign(url);
      } else {
        toast({
          variant: "destructive",
          title: FAILED_TITLE,
          description: "The billing page has no valid address.",
        });
      }
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: FAILED_TITLE,
        description: failureText(error, "Your billing page could not be opened"),
      }),
  });

  // Back from the billing page may restore this page as it was left: busy. It is not any more.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);

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
