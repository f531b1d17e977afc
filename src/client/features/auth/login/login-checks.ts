/**
 * The sign-in form's checks, with the server's own schema (and zod with it). Loaded when the form is
 * first used (a focus or a submit), not with the page.
 */

import { msg } from "@lingui/core/macro";
import { type LoginBody, loginSchema } from "../../../../shared/api/auth";
import { i18n } from "../../../lib/i18n/i18n";

/**
 * What the sign-in schema says, in the page's language, by its English words (the server's ids,
 * src/server/platform/i18n/shared-texts.ts). Kept here rather than in lib/shared-text.ts, so that the sign-in
 * page's checks share no module with the other forms (a shared chunk the first load would pay for).
 */
const LOGIN_TEXTS = new Map([
  ["Required", msg({ id: "validation.required", message: "Required" })],
  [
    "Email must be at most 255 characters",
    msg({ id: "validation.email.too-long", message: "Email must be at most 255 characters" }),
  ],
  [
    "Please enter a valid email address",
    msg({ id: "validation.email.invalid", message: "Please enter a valid email address" }),
  ],
  ["Password is required", msg({ id: "validation.password.required", message: "Password is required" })],
]);

export type LoginField = keyof LoginBody;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The parsed body, or the first message for each field in error, in the page's language. */
export function checkLogin(
  values: Record<LoginField, string>,
): { body: LoginBody } | { errors: LoginErrors } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { body: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "password") && errors[field] === undefined) {
      const descriptor = LOGIN_TEXTS.get(issue.message);
      errors[field] = descriptor ? i18n._(descriptor) : issue.message;
    }
  }
  return { errors };
}
