import { type ReactNode, Suspense } from "react";
import { useSessionUser } from "../../lib/session";
import { LoadingScreen } from "../loading-screen";
import { SignedInArea } from "./signed-in-area";

/**
 * A page shown to everyone (paths.ts, `openToAll`): inside the signed-in layout for someone signed in,
 * on its own for a visitor who is not, such as the payer of a payment link returning from the
 * payment page. The page draws its own frame when no one is signed in.
 */
export function OpenToAllArea({ children }: { children: ReactNode }) {
  const { user } = useSessionUser();
  if (user) return <SignedInArea>{children}</SignedInArea>;
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}
