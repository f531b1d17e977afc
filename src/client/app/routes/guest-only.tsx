import { type ReactNode, Suspense } from "react";
import { Navigate } from "react-router";
import { useSignInDestination } from "../../lib/return-path";
import { useSessionUser } from "../../lib/session";
import { LoadingScreen } from "../loading-screen";

/**
 * A signed-out screen (sign-in, registration). Someone signed in goes on to the page the screen's
 * `?next=` asks for, else to the dashboard: whoever opens /login signed in, and whoever has just
 * signed in here, by any means (the cache holds the user before the form's own answer returns).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user } = useSessionUser();
  const destination = useSignInDestination();
  if (user !== null) return <Navigate to={destination} replace />;
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
