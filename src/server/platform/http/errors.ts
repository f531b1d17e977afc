import type { FastifyRequest } from "fastify";
import type { Language } from "../../../shared/i18n/languages";
import { type ErrorText, sayError } from "../i18n/message";
import { replyLanguage } from "../i18n/reply-language";
import { translatorFor } from "../i18n/translator";

/**
 * An error a route throws on purpose: its status and its text are what the client sees, in the
 * language of the answer (decision 051). `message` is the English text, for the logs and the tests.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly text: ErrorText,
  ) {
    super(sayError(translatorFor("en"), text));
    this.name = "HttpError";
  }

  /** The error's text in a language. */
  textIn(language: Language): string {
    return language === "en" ? this.message : sayError(translatorFor(language), this.text);
  }
}

/** An `error` text in the language a request is answered in. */
export function errorTextFor(request: FastifyRequest, text: ErrorText): string {
  return sayError(translatorFor(replyLanguage(request)), text);
}

/**
 * The 401 of a second sign-in step that cannot go on: its answer carries `signInAgain: true`, so the
 * app starts the sign-in again whatever language the text speaks.
 */
export class SignInAgainError extends HttpError {
  readonly signInAgain = true;
  constructor(text: ErrorText) {
    super(401, text);
    this.name = "SignInAgainError";
  }
}

export const NOT_AUTHENTICATED = /*i18n*/ { id: "error.not-authenticated", message: "Not authenticated" };
export const FORBIDDEN = /*i18n*/ { id: "error.forbidden", message: "Forbidden" };
export const NOT_FOUND = /*i18n*/ { id: "error.not-found", message: "Not found" };
export const NO_API_ROUTE = /*i18n*/ {
  id: "error.no-api-route",
  message: "No API route matches this request",
};

export const badRequest = (text: ErrorText) => new HttpError(400, text);
export const unauthorized = (text: ErrorText = NOT_AUTHENTICATED) => new HttpError(401, text);
export const forbidden = (text: ErrorText = FORBIDDEN) => new HttpError(403, text);
export const notFound = (text: ErrorText = NOT_FOUND) => new HttpError(404, text);
export const conflict = (text: ErrorText) => new HttpError(409, text);
