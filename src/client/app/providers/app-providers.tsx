import { type QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { isLanguage } from "../../../shared/i18n/languages";
import { activateLanguage, browserLanguage, pickedLanguage, rememberLanguage } from "../../lib/i18n/language";
import { useCurrentUser, viewingQueryKey } from "../../lib/session";
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
 * The one observer that refreshes the session (on mount and window focus) for the whole app, and
 * speaks the signed-in customer's chosen language (decision 052). The choice is kept by this browser
 * too, so that its next first screen speaks it from the start.
 */
function SessionKeeper() {
  const queryClient = useQueryClient();
  const chosen = useCurrentUser().data?.language;
  useEffect(() => {
    // Support viewing the portal as a customer reads it in their own language, not the customer's.
    const viewing = queryClient.getQueryData(viewingQueryKey) != null;
    const spoken = isLanguage(chosen) && !viewing ? chosen : null;
    if (spoken && pickedLanguage() !== spoken) rememberLanguage(spoken);
    void activateLanguage(spoken ?? browserLanguage());
  }, [chosen, queryClient]);
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

/** QueryClient, theme and toasts. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionKeeper />
      <ThemeProvider>
        <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
        <LazyToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
