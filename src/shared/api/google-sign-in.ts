/**
 * How a Google sign-in ends when it does not end on the dashboard: the server redirects to `/login`
 * (or to Settings, for a link asked for there) with `?google=<outcome>`, and the page says it in words.
 */
export const googleOutcomeParam = "google";

export const GOOGLE_OUTCOME_MESSAGES = {
  "not-configured": "Google sign-in is not configured.",
  unavailable: "Google sign-in is not available right now. Please try again in a few minutes.",
  denied: "Google sign-in was cancelled.",
  expired: "That Google sign-in expired or was already used. Please try again.",
  invalid: "Google sign-in could not be completed. Please try again.",
  "too-many": "Too many sign-in attempts. Please wait a few minutes and try again.",
  unverified:
    "Google has not verified this email address, so it cannot sign you in. Sign in with your password, or use the link we email you.",
  "no-email": "Your Google account did not share an email address, so it cannot sign you in.",
  "linked-elsewhere": "This Google account or email is already linked to another portal account.",
  "already-linked": "Another Google account is already linked to yours. Unlink it first.",
  linked: "Google is now linked to your account.",
} as const;

export type GoogleSignInOutcome = keyof typeof GOOGLE_OUTCOME_MESSAGES;
