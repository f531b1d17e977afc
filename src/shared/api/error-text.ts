/**
 * The wording of the API's `error` texts that the browser reads back, without zod: the sign-in page
 * uses it, and its first load goes without zod.
 */

/** What a failed sign-in says, whatever was wrong: the email, the password or both. */
export const INVALID_CREDENTIALS_MESSAGE = "Invalid email or password";

/**
 * An `error` text may hold several problems, each either a plain sentence or about one field of the
 * body ("username: This username is already taken"). The server writes them and the client's forms
 * read them back onto their fields, so the format is kept here, once.
 */
export const ERROR_PARTS_SEPARATOR = "; ";

/** One problem about one field of the body, as the `error` text words it. */
export function fieldMessage(field: string, message: string): string {
  return `${field}: ${message}`;
}

/** The field a part of an `error` text is about, with its message; null when it names no field. */
export function parseFieldMessage(part: string): { field: string; message: string } | null {
  const match = /^([A-Za-z][\w.]*): (.+)$/s.exec(part);
  return match?.[1] && match[2] ? { field: match[1], message: match[2] } : null;
}
