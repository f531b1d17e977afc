import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateProfileBody } from "../../../../shared/api/auth";
import { type CurrentUser, currentUserSchema } from "../../../../shared/api/user";
import { apiRequest } from "../../../lib/api-client";
import { currentUserQueryKey } from "../../auth/api/get-current-user";

/** Saves the signed-in user's email, name and username (an empty username means none). */
export async function updateProfile(id: number, body: UpdateProfileBody): Promise<CurrentUser> {
  const res = await apiRequest("PUT", `/api/user/${id}`, {
    email: body.email,
    name: body.name,
    username: body.username ?? "",
  });
  return currentUserSchema.parse(await res.json());
}

export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(id, body),
    // The sidebar and every other reader of the session show the new details at once.
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
