import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Passkey, passkeySchema } from "../../../../shared/api/passkeys";
import { apiRequest } from "../../../lib/api-client";
import { passkeysQueryKey } from "./get-passkeys";

export async function renamePasskey({ id, name }: { id: number; name: string }): Promise<Passkey> {
  const res = await apiRequest("PATCH", `/api/passkeys/${id}`, { name });
  return passkeySchema.parse(await res.json());
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
