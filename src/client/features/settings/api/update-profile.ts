import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UpdateProfileBody } from "../../../../shared/api/auth";
import { type UpdatedProfile, updatedProfileSchema } from "../../../../shared/api/user";
import { apiRequest } from "../../../lib/api-client";
import { currentUserQueryKey } from "../../../lib/session";

/**
 * Saves the signed-in user's name and username (an empty username means none) and asks for a new
 * email, which changes only once the link mailed to it is followed. The answer also says whether the
 * change has reached the operator's base yet.
 */
export async function updateProfile(id: number, body: UpdateProfileBody): Promise<UpdatedProfile> {
  const res = await apiRequest("PUT", `/api/user/${id}`, {
    email: body.email,
    name: body.name,
    username: body.username ?? "",
  });
  return updatedProfileSchema.parse(await res.json());
}

export function useUpdateProfile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(id, body),
    // The sidebar and every other reader of the session show the new details at once.
    onSuccess: ({ airtableSync: _, emailChange: __, ...user }) =>
      queryClient.setQueryData(currentUserQueryKey, user),
  });
}
