/**
 * How a Google sign-in ended, in the page's language: the server redirects with `?google=<outcome>`
 * (src/shared/api/google-sign-in.ts), to the sign-in page or to Settings. The outcomes the server
 * also answers with keep its ids (src/server/platform/i18n/shared-texts.ts).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { GoogleSignInOutcome } from "../../shared/api/google-sign-in";
import { i18n } from "./i18n/i18n";

const GOOGLE_OUTCOMES: Record<GoogleSignInOutcome, MessageDescriptor> = {
  "not-configured": msg({ id: "error.google.not-configured", message: "Google sign-in is not configured." }),
  unavailable: msg({
    id: "error.google.unavailable",
    message: "Google sign-in is not available right now. Please try again in a few minutes.",
  }),
  denied: msg({ id: "google.outcome.denied", message: "Google sign-in was cancelled." }),
  expired: msg({
    id: "google.outcome.expired",
    message: "That Google sign-in expired or was already used. Please try again.",
  }),
  invalid: msg({
    id: "google.outcome.invalid",
    message: "Google sign-in could not be completed. Please try again.",
  }),
  "too-many": msg({
    id: "google.outcome.too-many",
    message: "Too many sign-in attempts. Please wait a few minutes and try again.",
  }),
  unverified: msg({
    id: "google.outcome.unverified",
    message:
      "Google has not verified this email address, so it cannot sign you in. Sign in with your password, or use the link we email you.",
  }),
  "no-email": msg({
    id: "google.outcome.no-email",
    message: "Your Google account did not share an email address, so it cannot sign you in.",
  }),
  "linked-elsewhere": msg({
    id: "google.outcome.linked-elsewhere",
    message: "This Google account or email is already linked to another portal account.",
  }),
  "already-linked": msg({
    id: "error.google.already-linked",
    message: "Another Google account is already linked to yours. Unlink it first.",
  }),
  linked: msg({ id: "google.outcome.linked", message: "Google is now linked to your account." }),
};

/** The words for an outcome found in a URL, or undefined for anything else. */
export function googleOutcomeText(value: string | null): string | undefined {
  return value !== null && Object.hasOwn(GOOGLE_OUTCOMES, value)
    ? i18n._(GOOGLE_OUTCOMES[value as GoogleSignInOutcome])
    : undefined;
}
