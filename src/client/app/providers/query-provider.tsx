import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useContext } from "react";
import { queryClient } from "../../lib/query-client";

/**
 * The app's query client, for the screens that read the server through TanStack Query: each lazy
 * screen loads this with its chunk (app/routes/lazy-screen.ts), all but the sign-in page, whose
 * first load goes without the library (decision 077). A screen inside another (a page inside the
 * signed-in layout) uses the client already provided.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  if (provided) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
