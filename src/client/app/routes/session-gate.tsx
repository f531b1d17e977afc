import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { useSessionUser } from "../../lib/session";
import { LoadingScreen } from "../loading-screen";

/**
 * Holds every session-dependent route until the server has said who is signed in. It renders its
 * child routes, or `children` where it is used outside the route tree.
 */
export function SessionGate({ children }: { children?: ReactNode }) {
  const { isPending } = useSessionUser();
  if (isPending) return <LoadingScreen />;
  return children ?? <Outlet />;
}
