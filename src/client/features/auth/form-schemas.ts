/**
 * The sign-in forms' schemas: the server's own (from src/shared, so a message is written once) plus
 * the confirmation fields that only the browser checks.
 */
import { z } from "zod";
import {
  forgotPasswordSchema,
  newPasswordSchema,
  registerExistingSchema,
  registerSchema,
} from "../../../shared/api/auth";

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

const confirmPassword = z.string().min(1, "Please confirm your password");

function passwordsMatch<S extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: S): S {
  return schema.refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: PASSWORDS_DONT_MATCH,
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
