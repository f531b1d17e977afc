/**
 * The sign-in form's checks, with the server's own schema (and zod with it). Loaded when the form is
 * first used (a focus or a submit), not with the page.
 */
import { type LoginBody, loginSchema } from "../../../../shared/api/auth";

export type LoginField = keyof LoginBody;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** The parsed body, or the first message for each field in error. */
export function checkLogin(
  values: Record<LoginField, string>,
): { body: LoginBody } | { errors: LoginErrors } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { body: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "email" || field === "password") && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return { errors };
}
