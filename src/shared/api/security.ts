/**
 * The bodies of Settings → Security and the fresh-proof dialog (decision 023). The client's forms
 * use these same schemas.
 */
import { z } from "zod";
import { newPasswordSchema, PASSWORD_MAX } from "./auth";

const currentPassword = z.string({ error: "Required" }).min(1, "Enter your password").max(PASSWORD_MAX);
const authenticatorCode = z
  .string({ error: "Required" })
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app");

/** A fresh proof: the account's password, or a code from its authenticator app. */
export const freshProofSchema = z
  .object({ password: currentPassword.optional(), code: authenticatorCode.optional() })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: "Enter your password or a code from your authenticator app",
  });

export const freshProofAnswerSchema = z.object({
  ok: z.literal(true),
  /** Until when secrets can be shown without asking again (ISO time). */
  provenUntil: z.string(),
});

/** Change the password: the current one (absent for a Google-only account setting a first one) and the new one. */
export const changePasswordSchema = z.object({
  currentPassword: currentPassword.optional(),
  newPassword: newPasswordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

export const changePasswordAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });
