/**
 * Reading the API's error answers (`{ "error": "..." }`, wrapped by the api client in an ApiError
 * whose message is "STATUS: body") back into text a person can be shown.
 */
import { msg } from "@lingui/core/macro";
import { ERROR_PARTS_SEPARATOR, parseFieldMessage } from "../../shared/api/error-text";
import { ApiError } from "./api-client";
import { i18n } from "./i18n/i18n";

/** The `error` text of a failed API call, or undefined when it carries none (network failure, non-JSON body). */
export function serverErrorText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const body: unknown = JSON.parse(error.body);
    if (typeof body === "object" && body !== null && "error" in body) {
      const text = (body as { error: unknown }).error;
      if (typeof text === "string" && text.trim() !== "") return text;
    }
  } catch {
    // Not JSON: the caller decides what to say.
  }
  return undefined;
}

/** Whether the failed call's answer body was JSON at all (a proxy's HTML error page is not). */
export function hasJsonBody(error: ApiError): boolean {
  try {
    JSON.parse(error.body);
    return true;
  } catch {
    return false;
  }
}

/** The server's error text, or `fallback` when it gave none. */
export function errorMessage(error: unknown, fallback: string): string {
  return serverErrorText(error) ?? fallback;
}

/**
 * Splits a server error into messages for known form fields and the rest. The server words a field's
 * problem as "field: message" and joins several with "; " (e.g. "username: This username is already taken").
 */
export function splitFieldErrors<F extends string>(
  message: string,
  fields: readonly F[],
): { fieldErrors: Partial<Record<F, string>>; otherErrors: string[] } {
  const fieldErrors: Partial<Record<F, string>> = {};
  const otherErrors: string[] = [];
  for (const part of message.split(ERROR_PARTS_SEPARATOR)) {
    const parsed = parseFieldMessage(part);
    const field = fields.find((known) => known === parsed?.field);
    if (parsed && field) {
      fieldErrors[field] ??= parsed.message;
    } else if (part.trim()) {
      otherErrors.push(part);
    }
  }
  return { fieldErrors, otherErrors };
}

/** A server message without its "field: " prefix, for places that show it on its own (a toast). */
export function withoutFieldPrefix(message: string, fields: readonly string[]): string {
  return message
    .split(ERROR_PARTS_SEPARATOR)
    .map((part) => {
      const parsed = parseFieldMessage(part);
      return parsed && fields.includes(parsed.field) ? parsed.message : part;
    })
    .join(ERROR_PARTS_SEPARATOR);
}

/**
 * Words for a failed call: the server's own `error` text when it sent one, else what failed with the
 * status the server answered, else a hint that the connection failed. `what` is a sentence without its
 * full stop ("The sync could not be completed"); leave it out where a title beside the text already
 * says what failed.
 */
export function failureText(error: unknown, what?: string): string {
  const text = serverErrorText(error);
  if (text) return text;
  if (error instanceof ApiError) {
    const status = error.status;
    return i18n._(
      what
        ? msg({ id: "common.failure.answered", message: `${what} (the server answered ${status}).` })
        : msg({ id: "common.failure.answered-alone", message: `The server answered ${status}.` }),
    );
  }
  return i18n._(
    what
      ? msg({ id: "common.failure.connection", message: `${what}. Check your connection.` })
      : msg({ id: "common.failure.connection-alone", message: "Check your connection and try again." }),
  );
}
