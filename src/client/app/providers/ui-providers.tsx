import type { ReactNode } from "react";
import { Toaster } from "../../components/ui/toaster";
import { TooltipProvider } from "../../components/ui/tooltip";

/** The Radix-based providers; a chunk of their own, fetched while the session is being checked. */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      {children}
      <Toaster />
    </TooltipProvider>
  );
}
