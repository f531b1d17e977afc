/**
 * Reading the API's error answers (`{ "error": "..." }`, wrapped by the api client in an ApiError
 * whose message is "STATUS: body") back into text a person can be shown.
 */
import { ApiError } from "./api-client";

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
  for (const part of message.split("; ")) {
    const match = /^([A-Za-z][\w.]*): (.+)$/s.exec(part);
    const field = match?.[1] as F | undefined;
    if (match?.[2] && field && fields.includes(field)) {
      fieldErrors[field] ??= match[2];
    } else if (part.trim()) {
      otherErrors.push(part);
    }
  }
  return { fieldErrors, otherErrors };
}

/** A server message without its "field: " prefix, for places that show it on its own (a toast). */
export function withoutFieldPrefix(message: string, fields: readonly string[]): string {
  return message
    .split("; ")
    .map((part) => {
      const match = /^([A-Za-z][\w.]*): (.+)$/s.exec(part);
      return match?.[1] && match[2] && fields.includes(match[1]) ? match[2] : part;
    })
    .join("; ");
}

/**
 * Words for a failed call, `what` being a sentence without its full stop ("The sync could not be
 * completed"): the server's own `error` text when it sent one, else `what` with the status it
 * answered, else `what` and a hint that the connection failed.
 */
export function failureText(error: unknown, what: string): string {
  const text = serverErrorText(error);
  if (text) return text;
  if (error instanceof ApiError) return `${what} (the server answered ${error.status}).`;
  return `${what}. Check your connection.`;
}
