import { Suspense } from "react";
import { usePublicConfig } from "../../lib/public-config";
import { LoadingScreen } from "../loading-screen";
import { SessionGate } from "./session-gate";
import { SignedInArea } from "./signed-in-area";
import { DashboardPage } from "./signed-in-screens";
import { LoginTestPage } from "./signed-out-screens";

/**
 * Decision D9: /login-test exists only where the server offers developer tools (never in production).
 * Elsewhere the path is as unknown as any other: the sign-in screen, or the dashboard when signed in.
 * A chunk of its own, because reading the configuration needs zod, which the first load does without.
 */
export function LoginTestRoute() {
  const config = usePublicConfig();
  if (config.isPending) return <LoadingScreen />;
  if (config.data?.devToolsEnabled) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <LoginTestPage />
      </Suspense>
    );
  }
  return (
    <SessionGate>
      <SignedInArea>
        <DashboardPage />
      </SignedInArea>
    </SessionGate>
  );
}
