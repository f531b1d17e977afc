import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { AuthSplitLayout } from "../components/auth-split-layout";
import { Spinner } from "../components/ui/spinner";

/**
 * For this long after the page was opened the loading screen stays blank. A first load that is
 * quick (the session's answer is preloaded with the page) then paints its screen once, whole,
 * instead of flashing the spinner for a moment first; a slow one still shows it (decision 013).
 */
const QUIET_MS = 1500;

/**
 * Shown while the session is being checked or a screen's chunk loads, in the shape of the sign-in
 * screen it usually becomes; blank during the page's first moment.
 */
export function LoadingScreen() {
  const { t } = useLingui();
  const [shown, setShown] = useState(() => performance.now() >= QUIET_MS);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), QUIET_MS - performance.now());
    return () => clearTimeout(timer);
  }, [shown]);
  // Marked, so that the page's first paint stays over it (first-paint.ts).
  if (!shown) return <div className="min-h-svh" aria-busy="true" data-loading-quiet="" />;
  return (
    <AuthSplitLayout>
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <Spinner label={t({ id: "common.loading", message: "Loading" })} className="size-8" />
        <p className="text-sm text-muted-foreground" aria-hidden="true">
          {t({ id: "loading.session", message: "Checking your session…" })}
        </p>
      </div>
    </AuthSplitLayout>
  );
}
