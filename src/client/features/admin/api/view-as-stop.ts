import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiRequest } from "../../../lib/api-client";
import { switchViewedUser } from "./view-as-cache";

/** Ends viewing as a customer: the session is the administrator's own again (decision 036). */
export async function stopViewing(): Promise<void> {
  await apiRequest("DELETE", "/api/view-as", {});
}

/** Stops viewing, then goes back to the customer's page in the admin pages. */
export function useStopViewing(customerUid: string) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: stopViewing,
    onSuccess: async () => {
      await switchViewedUser();
      await navigate(`/admin/customers/${encodeURIComponent(customerUid)}`);
    },
  });
}
