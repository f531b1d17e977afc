import { useMutation } from "@tanstack/react-query";
import type { UpdateProfileBody } from "../../../../shared/api/auth";
import { type UpdatedProfile, updatedProfileSchema } from "../../../../shared/api/user";
import { apiRequest } from "../../../lib/api-client";
import { setSessionUser } from "../../../lib/session";

/**
 * Saves the signed-in user's name and username and asks for a new
 * email, which changes only once the link mailed to it is followed. The answer also says whether the
 * change has reached the operator's base yet.
 */
export async function updateProfile(id: number, body: UpdateProfileBody): Promise<UpdatedProfile> {
  // Spec section 5: the username is optional and left out when empty, which the server reads as none.
  const username = body.username?.trim();
  const res = await apiRequest("PUT", `/api/user/${id}`, {
    email: body.email,
    name: body.name,
    ...(username ? { username } : {}),
  });
  return updatedProfileSchema.parse(await res.json());
}

export function useUpdateProfile(id: number) {
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(id, body),
    // The sidebar and every other reader of the session show the new details at once.
    onSuccess: ({ airtableSync: _, emailChange: __, ...user }) => setSessionUser(user),
  });
}
