/**
 * Closing one's portal login (Settings → Your data, decision 034): the customer types the email of
 * their account to confirm, after a fresh proof (decision 023). The client's dialog uses these same
 * schemas and words.
 */
import { z } from "zod";

export const CLOSE_LOGIN_EMAIL_REQUIRED_MESSAGE = "Type the email of your account";
export const CLOSE_LOGIN_EMAIL_MISMATCH_MESSAGE =
  "This is not the email of your account: type it exactly as Settings shows it";
export const LOGIN_CLOSED_MESSAGE = "Your portal login is closed";

/** What the body's `email` must be: the account's own, compared without regard to case. */
export const closeLoginSchema = z.object({
  email: z
    .string({ error: "Required" })
    .trim()
    .min(1, CLOSE_LOGIN_EMAIL_REQUIRED_MESSAGE)
    .max(255, "Email must be at most 255 characters"),
});
export type CloseLoginBody = z.infer<typeof closeLoginSchema>;

export const closeLoginAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });

/** Whether a typed email is the account's own: trimmed, without regard to case. */
export function isOwnEmail(typed: string, accountEmail: string): boolean {
  return typed.trim().toLowerCase() === accountEmail.trim().toLowerCase();
}
