/**
 * The texts of src/shared/api that the server answers with: the schemas' own validation messages and
 * the error texts the browser shares (decision 051). src/shared is bundled for the browser too and its
 * constants stay plain English strings, so the server knows each one's catalogue message here, by its
 * English text: `sharedText(english)`. tests/unit/server/shared-texts.test.ts checks that every one
 * says, in English, exactly the text it stands for, and scripts/checks/check-catalogues.mjs that every
 * literal message of a schema in src/shared/api has one.
 */
import {
  CURRENT_SESSION_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  INVALID_LINK_MESSAGE,
  SESSION_NOT_FOUND_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
} from "../../../shared/api/auth";
import {
  CLOSE_LOGIN_EMAIL_MISMATCH_MESSAGE,
  CLOSE_LOGIN_EMAIL_REQUIRED_MESSAGE,
  LOGIN_CLOSED_MESSAGE,
} from "../../../shared/api/close-login";
import { GOOGLE_OUTCOME_MESSAGES } from "../../../shared/api/google-sign-in";
import { NO_CONTROL_CHARACTERS_MESSAGE, NO_INVISIBLE_CHARACTERS_MESSAGE } from "../../../shared/api/text";
import {
  ADMIN_SECOND_FACTOR_MESSAGE,
  RECOVERY_CODE_MESSAGE,
  SIGN_IN_AGAIN_MESSAGE,
  TOO_MANY_CODES_MESSAGE,
  TOTP_CODE_MESSAGE,
  WRONG_CODE_MESSAGE,
  WRONG_RECOVERY_CODE_MESSAGE,
} from "../../../shared/api/two-factor";
import { READ_ONLY_WHILE_VIEWING } from "../../../shared/api/view-as";
import type { ServerMessage } from "./message";

// The error texts the browser shares with the server; the server throws these descriptors.
export const INVALID_LINK = /*i18n*/ {
  id: "error.link.invalid",
  message: "This link is invalid, has expired or has already been used. Please request a new one.",
};
export const INVALID_CREDENTIALS = /*i18n*/ {
  id: "error.sign-in.invalid",
  message: "Invalid email or password",
};
export const USERNAME_TAKEN = /*i18n*/ {
  id: "error.username.taken",
  message: "This username is already taken",
};
export const CLOSE_LOGIN_EMAIL_MISMATCH = /*i18n*/ {
  id: "error.close-login.email-mismatch",
  message: "This is not the email of your account: type it exactly as Settings shows it",
};
export const LOGIN_CLOSED = /*i18n*/ { id: "error.login-closed", message: "Your portal login is closed" };
export const WRONG_CODE = /*i18n*/ {
  id: "error.two-factor.wrong-code",
  message: "That code is not right. Check your authenticator app and try again.",
};
export const WRONG_RECOVERY_CODE = /*i18n*/ {
  id: "error.two-factor.wrong-recovery-code",
  message: "That recovery code is not right, or it has been used already.",
};
export const SIGN_IN_AGAIN = /*i18n*/ {
  id: "error.two-factor.sign-in-again",
  message: "Your sign-in has expired. Sign in again with your password.",
};
export const TOO_MANY_CODES = /*i18n*/ {
  id: "error.two-factor.too-many-codes",
  message: "Too many wrong codes. Sign in again with your password.",
};
export const ADMIN_SECOND_FACTOR = /*i18n*/ {
  id: "error.admin.second-factor",
  message: "Set up two-factor authentication before using the admin pages",
};
export const READ_ONLY_VIEWING = /*i18n*/ {
  id: "error.view-as.read-only",
  message: "Read only while viewing as a customer",
};
export const GOOGLE_NOT_CONFIGURED = /*i18n*/ {
  id: "error.google.not-configured",
  message: "Google sign-in is not configured.",
};
export const GOOGLE_UNAVAILABLE = /*i18n*/ {
  id: "error.google.unavailable",
  message: "Google sign-in is not available right now. Please try again in a few minutes.",
};
export const GOOGLE_ALREADY_LINKED = /*i18n*/ {
  id: "error.google.already-linked",
  message: "Another Google account is already linked to yours. Unlink it first.",
};
export const CURRENT_SESSION = /*i18n*/ {
  id: "error.session.current",
  message: "This is the session you are using. Sign out instead.",
};
export const SESSION_NOT_FOUND = /*i18n*/ { id: "error.session.not-found", message: "Session not found" };

/** Each shared text by its English words. */
export const SHARED_TEXTS = new Map<string, ServerMessage>([
  [INVALID_LINK_MESSAGE, INVALID_LINK],
  [INVALID_CREDENTIALS_MESSAGE, INVALID_CREDENTIALS],
  [USERNAME_TAKEN_MESSAGE, USERNAME_TAKEN],
  [CLOSE_LOGIN_EMAIL_MISMATCH_MESSAGE, CLOSE_LOGIN_EMAIL_MISMATCH],
  [LOGIN_CLOSED_MESSAGE, LOGIN_CLOSED],
  [WRONG_CODE_MESSAGE, WRONG_CODE],
  [WRONG_RECOVERY_CODE_MESSAGE, WRONG_RECOVERY_CODE],
  [SIGN_IN_AGAIN_MESSAGE, SIGN_IN_AGAIN],
  [TOO_MANY_CODES_MESSAGE, TOO_MANY_CODES],
  [ADMIN_SECOND_FACTOR_MESSAGE, ADMIN_SECOND_FACTOR],
  [READ_ONLY_WHILE_VIEWING, READ_ONLY_VIEWING],
  [CURRENT_SESSION_MESSAGE, CURRENT_SESSION],
  [SESSION_NOT_FOUND_MESSAGE, SESSION_NOT_FOUND],
  [GOOGLE_OUTCOME_MESSAGES["not-configured"], GOOGLE_NOT_CONFIGURED],
  [GOOGLE_OUTCOME_MESSAGES.unavailable, GOOGLE_UNAVAILABLE],
  [GOOGLE_OUTCOME_MESSAGES["already-linked"], GOOGLE_ALREADY_LINKED],
  [
    "unread must be yes or no",
    /*i18n*/ { id: "validation.unread.yes-or-no", message: "unread must be yes or no" },
  ],
  // The schemas' own validation messages.
  [
    CLOSE_LOGIN_EMAIL_REQUIRED_MESSAGE,
    /*i18n*/ { id: "validation.close-login.email-required", message: "Type the email of your account" },
  ],
  [
    NO_CONTROL_CHARACTERS_MESSAGE,
    /*i18n*/ { id: "validation.no-control-characters", message: "must not contain control characters" },
  ],
  [
    NO_INVISIBLE_CHARACTERS_MESSAGE,
    /*i18n*/ {
      id: "validation.no-invisible-characters",
      message: "must not contain invisible or text-direction characters",
    },
  ],
  [
    TOTP_CODE_MESSAGE,
    /*i18n*/ {
      id: "validation.two-factor.code",
      message: "Enter the 6-digit code from your authenticator app",
    },
  ],
  [
    RECOVERY_CODE_MESSAGE,
    /*i18n*/ {
      id: "validation.two-factor.recovery-code",
      message: "Enter one of your recovery codes, like abcd-efgh-jk",
    },
  ],
  ["Required", /*i18n*/ { id: "validation.required", message: "Required" }],
  ["Password is required", /*i18n*/ { id: "validation.password.required", message: "Password is required" }],
  ["Enter your password", /*i18n*/ { id: "validation.password.enter", message: "Enter your password" }],
  [
    "Enter your password or a code from your authenticator app",
    /*i18n*/ {
      id: "validation.fresh-proof.one",
      message: "Enter your password or a code from your authenticator app",
    },
  ],
  [
    "Send either an authenticator code or a recovery code",
    /*i18n*/ {
      id: "validation.two-factor.one",
      message: "Send either an authenticator code or a recovery code",
    },
  ],
  [
    "Email must be at most 255 characters",
    /*i18n*/ { id: "validation.email.too-long", message: "Email must be at most 255 characters" },
  ],
  [
    "Please enter a valid email address",
    /*i18n*/ { id: "validation.email.invalid", message: "Please enter a valid email address" },
  ],
  [
    "Username must be at least 3 characters",
    /*i18n*/ { id: "validation.username.too-short", message: "Username must be at least 3 characters" },
  ],
  [
    "Username must be at most 50 characters",
    /*i18n*/ { id: "validation.username.too-long", message: "Username must be at most 50 characters" },
  ],
  [
    "Username may contain only letters, numbers, dots, dashes and underscores",
    /*i18n*/ {
      id: "validation.username.characters",
      message: "Username may contain only letters, numbers, dots, dashes and underscores",
    },
  ],
  [
    "Name must be at most 100 characters",
    /*i18n*/ { id: "validation.name.too-long", message: "Name must be at most 100 characters" },
  ],
  [
    "This is not a link the portal sent",
    /*i18n*/ { id: "validation.link.not-ours", message: "This is not a link the portal sent" },
  ],
  ["Name your passkey", /*i18n*/ { id: "validation.passkey.name-required", message: "Name your passkey" }],
  ["must be base64url", /*i18n*/ { id: "validation.base64url", message: "must be base64url" }],
  ["must be a passkey id", /*i18n*/ { id: "validation.passkey.id", message: "must be a passkey id" }],
  [
    "must be at most 255 characters",
    /*i18n*/ { id: "validation.at-most-255", message: "must be at most 255 characters" },
  ],
  [
    "is not a cursor this log gave",
    /*i18n*/ { id: "validation.audit.cursor", message: "is not a cursor this log gave" },
  ],
  ["must be after from", /*i18n*/ { id: "validation.audit.bounds", message: "must be after from" }],
  [
    "is not a cursor this list gave",
    /*i18n*/ { id: "validation.cursor", message: "is not a cursor this list gave" },
  ],
  ["must be true or false", /*i18n*/ { id: "validation.true-or-false", message: "must be true or false" }],
  [
    "limit must be a whole number",
    /*i18n*/ { id: "validation.limit.whole", message: "limit must be a whole number" },
  ],
  [
    "limit must be at least 1",
    /*i18n*/ { id: "validation.limit.at-least-one", message: "limit must be at least 1" },
  ],
  [
    "UID must be at most 36 characters",
    /*i18n*/ { id: "validation.uid.too-long", message: "UID must be at most 36 characters" },
  ],
  ["note must be text", /*i18n*/ { id: "validation.note.text", message: "note must be text" }],
  [
    "accountId must be a number",
    /*i18n*/ { id: "validation.account-id.number", message: "accountId must be a number" },
  ],
  [
    "status is not a request status",
    /*i18n*/ { id: "validation.request-status", message: "status is not a request status" },
  ],
  ["Unknown product", /*i18n*/ { id: "validation.product.unknown", message: "Unknown product" }],
  [
    "Quantity must be a whole number",
    /*i18n*/ { id: "validation.quantity.whole", message: "Quantity must be a whole number" },
  ],
  [
    "Quantity must be at least 1",
    /*i18n*/ { id: "validation.quantity.at-least-one", message: "Quantity must be at least 1" },
  ],
  [
    "id must be an order number",
    /*i18n*/ { id: "validation.order-id", message: "id must be an order number" },
  ],
  [
    "Type the customer's email or UID",
    /*i18n*/ { id: "validation.customer.required", message: "Type the customer's email or UID" },
  ],
  [
    "An email or UID is at most 255 characters",
    /*i18n*/ { id: "validation.customer.too-long", message: "An email or UID is at most 255 characters" },
  ],
]);

/**
 * The shared texts that carry a number or a list from the code (`limit must be at most 100`): their
 * English words with the values matched, and the message each becomes.
 */
const SHARED_PATTERNS: ReadonlyArray<readonly [RegExp, (match: RegExpExecArray) => ServerMessage]> = [
  [
    /^Password must be at least (\d+) characters long$/,
    ([, min]) => /*i18n*/ ({
      id: "validation.password.too-short",
      message: "Password must be at least {min} characters long",
      values: { min },
    }),
  ],
  [
    /^Password must be at most (\d+) characters$/,
    ([, max]) => /*i18n*/ ({
      id: "validation.password.too-long",
      message: "Password must be at most {max} characters",
      values: { max },
    }),
  ],
  [
    /^Reason must be at least (\d+) characters$/,
    ([, min]) => /*i18n*/ ({
      id: "validation.reason.too-short",
      message: "Reason must be at least {min} characters",
      values: { min },
    }),
  ],
  [
    /^Reason must be at most (\d+) characters$/,
    ([, max]) => /*i18n*/ ({
      id: "validation.reason.too-long",
      message: "Reason must be at most {max} characters",
      values: { max },
    }),
  ],
  [
    /^A passkey's name must be at most (\d+) characters$/,
    ([, max]) => /*i18n*/ ({
      id: "validation.passkey.name-too-long",
      message: "A passkey's name must be at most {max} characters",
      values: { max },
    }),
  ],
  [
    /^Quantity must be at most (\d+)$/,
    ([, max]) => /*i18n*/ ({
      id: "validation.quantity.at-most",
      message: "Quantity must be at most {max}",
      values: { max },
    }),
  ],
  [
    /^(\w+) must be at most (\d+)$/,
    ([, field, max]) => /*i18n*/ ({
      id: "validation.field.at-most",
      message: "{field} must be at most {max}",
      values: { field, max },
    }),
  ],
  [
    /^(\w+) must be at most (\d+) characters$/,
    ([, field, max]) => /*i18n*/ ({
      id: "validation.field.at-most-characters",
      message: "{field} must be at most {max} characters",
      values: { field, max },
    }),
  ],
  [
    /^(\w+) must be yes or no$/,
    ([, field]) => /*i18n*/ ({
      id: "validation.field.yes-or-no",
      message: "{field} must be yes or no",
      values: { field },
    }),
  ],
  [
    /^Invalid product key\. Must be one of: (.+)$/,
    ([, keys]) => /*i18n*/ ({
      id: "validation.product.key",
      message: "Invalid product key. Must be one of: {keys}",
      values: { keys },
    }),
  ],
  [
    /^(\w+) must be one of:? (.+)$/,
    ([, field, values]) => /*i18n*/ ({
      id: "validation.field.one-of",
      message: "{field} must be one of: {values}",
      values: { field, values },
    }),
  ],
];

/** The catalogue's message for a text of src/shared/api, by its English words; undefined for any other. */
export function sharedText(english: string): ServerMessage | undefined {
  const known = SHARED_TEXTS.get(english);
  if (known) return known;
  for (const [pattern, message] of SHARED_PATTERNS) {
    const match = pattern.exec(english);
    if (match) return message(match);
  }
  return undefined;
}
