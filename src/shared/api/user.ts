import { z } from "zod";
import { writeBackStatusSchema } from "./sync";

export const roleSchema = z.enum(["customer", "admin"]);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user as `GET /api/user` returns it; its presence means the session is authenticated. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  role: roleSchema,
  createdAt: z.string(),
  onboardingUrl: z.string().nullable(),
  optimizationUrl: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** `PUT /api/user/{id}`: the saved profile, and whether the operator's base has the change yet. */
export const updatedProfileSchema = currentUserSchema.extend({ airtableSync: writeBackStatusSchema });
export type UpdatedProfile = z.infer<typeof updatedProfileSchema>;
