import { type ReactNode, Suspense } from "react";
import { Navigate, useLocation } from "react-router";
import { loginPathFor } from "../../lib/return-path";
import { useSessionUser } from "../../lib/session";
import { LoadingScreen } from "../loading-screen";
import { useFirstScreenLoaded } from "./first-screen";
import { findSignedInPath } from "./paths";
import { AppLayout } from "./signed-in-screens";
import { LoginPage } from "./signed-out-screens";

/**
 * The signed-in part of the app. A signed-out visitor sees the sign-in screen in place on / and on
 * unknown paths, and is sent to /login from every signed-in page, with that page as the return path
 * (`/login?next=/accounts/linkedin?status=...`). The page is the child route, or
 * `children` where the area is used outside the route tree.
 */
export function SignedInArea({ children }: { children?: ReactNode }) {
  const { user } = useSessionUser();
  const location = useLocation();

  if (user === null) {
    // With the page asked for, so that signing in returns to it (decision 031).
    if (findSignedInPath(location.pathname)) return <Navigate to={loginPathFor(location)} replace />;
    return (
      <Suspense fallback={<LoadingScreen />}>
        <LoginPage />
      </Suspense>
    );
  }
  return (
    <FirstScreen>
      <Suspense fallback={<LoadingScreen />}>
        <AppLayout>{children}</AppLayout>
      </Suspense>
    </FirstScreen>
  );
}

/** The loading screen until the first screen's chunks are in (first-screen.ts). */
function FirstScreen({ children }: { children: ReactNode }) {
  return useFirstScreenLoaded() ? children : <LoadingScreen />;
}
