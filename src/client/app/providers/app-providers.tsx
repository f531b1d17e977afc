import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useCurrentUser } from "../../lib/session";
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

/** The one observer that refreshes the session (on mount and window focus) for the whole app. */
function SessionKeeper() {
  useCurrentUser();
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
