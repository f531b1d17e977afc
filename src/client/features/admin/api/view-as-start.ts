import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import {
  type StartViewingBody,
  type ViewingStarted,
  viewingStartedSchema,
} from "../../../../shared/api/view-as";
import { apiRequest } from "../../../lib/api-client";
import { switchViewedUser } from "./view-as-cache";

/** Turns this session into one that views the portal as the customer, read only (decision 036). */
export async function startViewing(uid: string, body: StartViewingBody): Promise<ViewingStarted> {
  const res = await apiRequest("POST", `/api/admin/customers/${encodeURIComponent(uid)}/view-as`, body);
  return viewingStartedSchema.parse(await res.json());
}

/** Starts viewing as the customer, then opens their dashboard as they see it. */
export function useStartViewing(uid: string) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: StartViewingBody) => startViewing(uid, body),
    onSuccess: async () => {
      await switchViewedUser();
      await navigate("/dashboard");
    },
  });
}
