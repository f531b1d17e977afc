import { type ReactNode, startTransition, useEffect, useState } from "react";
import { Outlet } from "react-router";
import { useSessionUser } from "../../lib/session";
import { LoadingScreen } from "../loading-screen";

/**
 * Holds every session-dependent route until the server has said who is signed in. It renders its
 * child routes, or `children` where it is used outside the route tree.
 *
 * The session's answer arrives as a store update, which React renders in one go; the screens behind
 * the gate are then rendered as a transition, in slices that let the browser paint and respond in
 * between (decision 013).
 */
export function SessionGate({ children }: { children?: ReactNode }) {
  const { isPending } = useSessionUser();
  const [open, setOpen] = useState(!isPending);
  useEffect(() => {
    if (!isPending && !open) startTransition(() => setOpen(true));
  }, [isPending, open]);
  if (!open) return <LoadingScreen />;
  return children ?? <Outlet />;
}
