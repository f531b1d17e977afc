import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { useCurrentUser } from "../../lib/session";
import { LoadingScreen } from "../loading-screen";
import { ThemeProvider } from "./theme-provider";

// Radix Tooltip (with its positioning engine) and Toast would take a sixth of the first-load budget;
// they load in parallel with the session request, and the app renders once both are in.
const UiProviders = lazy(async () => ({ default: (await import("./ui-providers")).UiProviders }));

/** The one observer that refreshes the session (on mount and window focus) for the whole app. */
function SessionKeeper() {
  useCurrentUser();
  return null;
}

/** QueryClient, theme, tooltips and toasts, in that order. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionKeeper />
      <ThemeProvider>
        <Suspense fallback={<LoadingScreen />}>
          <UiProviders>{children}</UiProviders>
        </Suspense>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
