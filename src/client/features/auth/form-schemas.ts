/**
 * The sign-in forms' schemas: the server's own (from src/shared, so a message is written once) plus
 * the confirmation fields that only the browser checks.
 */
import { msg } from "@lingui/core/macro";
import { z } from "zod";
import {
  forgotPasswordSchema,
  newPasswordSchema,
  registerExistingSchema,
  registerSchema,
} from "../../../shared/api/auth";
import { i18n } from "../../lib/i18n/i18n";

export const PASSWORDS_DONT_MATCH = msg({
  id: "auth.passwords-dont-match",
  message: "Passwords don't match",
});

// The browser's own messages are worded when the check runs, in the language the page speaks then;
// the server's (src/shared) go through lib/shared-text.ts where the form shows them.
const confirmPassword = z.string().min(1, {
  error: () => i18n._(msg({ id: "auth.confirm-password.required", message: "Please confirm your password" })),
});

function passwordsMatch<S extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: S): S {
  return schema.refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    error: () => i18n._(PASSWORDS_DONT_MATCH),
  });
}

/** Register: the server's fields, and a confirmation that must match (reported on confirmPassword). */
export const registerFormSchema = passwordsMatch(registerSchema.extend({ confirmPassword }));

/**
 * Existing-customer registration checks the email here; a mismatch or a short password is reported by
 * the page as the spec's toasts, so the password fields are only strings to this schema.
 */
export const registerExistingFormSchema = z.object({
  email: registerExistingSchema.shape.email,
  password: z.string(),
  confirmPassword: z.string(),
});

export const forgotPasswordFormSchema = forgotPasswordSchema;

export const resetPasswordFormSchema = passwordsMatch(
  z.object({ password: newPasswordSchema, confirmPassword }),
);
