import { type ReactNode, Suspense } from "react";
import { Navigate } from "react-router";
import { useSessionUser } from "../../lib/session";
import { LoadingScreen } from "../loading-screen";

/** A signed-out screen (sign-in, registration); someone already signed in goes to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user } = useSessionUser();
  if (user !== null) return <Navigate to="/dashboard" replace />;
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
