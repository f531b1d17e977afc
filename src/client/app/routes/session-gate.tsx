import { Outlet } from "react-router";
import { useSessionUser } from "../../features/auth/api/get-current-user";
import { LoadingScreen } from "../loading-screen";

/** Holds every session-dependent route until the server has said who is signed in. */
export function SessionGate() {
  const { isPending } = useSessionUser();
  return isPending ? <LoadingScreen /> : <Outlet />;
}
