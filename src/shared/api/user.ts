import { z } from "zod";
import { LANGUAGES } from "../i18n/languages";
import { writeBackStatusSchema } from "./sync";
import { viewingSchema } from "./view-as";

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
  /** The address is proven theirs: by a mailed link, a claim, or a Google account that says so. */
  emailVerified: z.boolean(),
  /** A Google account signs them in. */
  googleLinked: z.boolean(),
  /** They have a password, so unlinking Google leaves them a way in. */
  hasPassword: z.boolean(),
  profileImageUrl: z.string().nullable(),
  /** The language chosen in Settings; null to follow the browser's (decision 050). */
  language: z.enum(LANGUAGES).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * `GET /api/session`: who this browser is signed in as, `null` when no one. While an administrator
 * views the portal as a customer, `user` is the customer and `viewing` names the administrator
 * (decision 036); otherwise `viewing` is null.
 */
export const sessionSchema = z.object({
  user: currentUserSchema.nullable(),
  viewing: viewingSchema.nullable(),
});

/** A new email waiting for its mailed link: the profile keeps the old one until then. */
export const emailChangeSchema = z.object({ pendingEmail: z.string(), message: z.string() });

/**
 * `PUT /api/user/{id}`: the saved profile, whether the operator's base has the change yet, and the
 * email change the save asked for, if any.
 */
export const updatedProfileSchema = currentUserSchema.extend({
  airtableSync: writeBackStatusSchema,
  emailChange: emailChangeSchema.nullable(),
});

/** `POST /api/user/email/confirm`: the address now in use. */
export const emailChangedSchema = z.object({ ok: z.literal(true), email: z.string(), message: z.string() });
export type EmailChanged = z.infer<typeof emailChangedSchema>;
export type UpdatedProfile = z.infer<typeof updatedProfileSchema>;

/** `PUT /api/user/language`: the language to speak, or null to follow the browser's. */
export const languageChoiceSchema = z.strictObject({ language: z.enum(LANGUAGES).nullable() });
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
