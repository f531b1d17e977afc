import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { passkeysQueryKey } from "./get-passkeys";

export async function removePasskey(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/passkeys/${id}`, {});
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
