import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { toast } from "../../../lib/use-toast";

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
 * Sending the browser to a page the server named (the billing page, an invoice to pay): `leaving`
 * stays true until the browser has gone, and turns false again when Back restores this page as it
 * was left. An address that is not a web page is refused with a toast titled `failedTitle`.
 */
export function useLeavingPage(failedTitle: string): { leaving: boolean; leave: (url: string) => void } {
  const { t } = useLingui();
  const [leaving, setLeaving] = useState(false);
  const noAddress = t({ id: "billing.leaving.no-address", message: "The page has no valid address." });

  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, []);

  const leave = useCallback(
    (url: string) => {
      if (isFollowableUrl(url, window.location.href)) {
        setLeaving(true);
        window.location.assign(url);
      } else {
        toast({ variant: "destructive", title: failedTitle, description: noAddress });
      }
    },
    [failedTitle, noAddress],
  );
  return { leaving, leave };
}
