import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { isLanguage } from "../../../shared/i18n/languages";
import { activateLanguage, browserLanguage, pickedLanguage, rememberLanguage } from "../../lib/i18n/language";
import { checkSessionUnlessAnswered, keepSessionFresh, useSession } from "../../lib/session";
import { useToast } from "../../lib/use-toast";
import { loadClassMerge } from "../../lib/utils";
import { LoadingScreen } from "../loading-screen";
import { ThemeProvider } from "./theme-provider";

// Radix Toast is not part of the first load: the toaster is fetched when the first toast is raised
// and stays mounted from then on. Tooltips are only used in the signed-in layout, which provides them.
const Toaster = lazy(async () => {
  const [{ Toaster }] = await Promise.all([import("../../components/ui/toaster"), loadClassMerge()]);
  return { default: Toaster };
});

/**
 * Keeps the session fresh for the whole app (checked on mount unless the start already has, and
 * again when the window comes back into view), and speaks the signed-in customer's chosen language
 * (decision 052). The choice is kept by this browser too, so that its next first screen speaks it
 * from the start.
 */
function SessionKeeper() {
  const { user, viewing } = useSession();
  const chosen = user?.language;
  // Support viewing the portal as a customer reads it in their own language, not the customer's.
  const viewed = viewing != null;
  useEffect(() => {
    checkSessionUnlessAnswered();
    return keepSessionFresh();
  }, []);
  useEffect(() => {
    const spoken = isLanguage(chosen) && !viewed ? chosen : null;
    if (spoken && pickedLanguage() !== spoken) rememberLanguage(spoken);
    void activateLanguage(spoken ?? browserLanguage());
  }, [chosen, viewed]);
  return null;
}

/** Mounts the toaster once there is something to show. */
function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * The session's keeper, theme and toasts. TanStack Query's client is not among them: the screens
 * that use it bring it with their chunks (app/routes/lazy-screen.ts, decision 077).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <SessionKeeper />
      <ThemeProvider>
        <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
        <LazyToaster />
      </ThemeProvider>
    </>
  );
}
