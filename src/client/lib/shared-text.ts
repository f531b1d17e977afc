/**
 * The page's words for texts of src/shared that the browser shows itself: the messages of the shared
 * zod schemas its forms check before sending (decision 051). src/shared is bundled for the server too,
 * so its texts stay plain English; each is known here by its English words, with the same id and
 * English as the server's catalogue (src/server/platform/i18n/shared-texts.ts). A text not known here is shown
 * as it is.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { i18n } from "./i18n/i18n";

/** Catalogue messages of shared texts, by their English words. */
export type SharedTexts = ReadonlyMap<string, MessageDescriptor>;

// The texts are written out rather than imported: src/shared/api's modules bring zod with them, and
// every form (this module's users) would share that chunk with the sign-in page's first load.
// tests/unit/client/shared-text.test.tsx checks them against the schemas' constants.
const min = 8; // PASSWORD_MIN
const max = 255; // PASSWORD_MAX

/** What the signed-out forms' schemas say (and many signed-in ones too): every form knows these. */
export const COMMON_SHARED_TEXTS: SharedTexts = new Map([
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
  [
    "Password must be at least 8 characters long",
    msg({ id: "validation.password.too-short", message: `Password must be at least ${min} characters long` }),
  ],
  [
    "Password must be at most 255 characters",
    msg({ id: "validation.password.too-long", message: `Password must be at most ${max} characters` }),
  ],
  [
    "Username must be at least 3 characters",
    msg({ id: "validation.username.too-short", message: "Username must be at least 3 characters" }),
  ],
  [
    "Username must be at most 50 characters",
    msg({ id: "validation.username.too-long", message: "Username must be at most 50 characters" }),
  ],
  [
    "Username may contain only letters, numbers, dots, dashes and underscores",
    msg({
      id: "validation.username.characters",
      message: "Username may contain only letters, numbers, dots, dashes and underscores",
    }),
  ],
  [
    "Name must be at most 100 characters",
    msg({ id: "validation.name.too-long", message: "Name must be at most 100 characters" }),
  ],
  [
    "must not contain control characters",
    msg({ id: "validation.no-control-characters", message: "must not contain control characters" }),
  ],
  [
    "must not contain invisible or text-direction characters",
    msg({
      id: "validation.no-invisible-characters",
      message: "must not contain invisible or text-direction characters",
    }),
  ],
]);

/**
 * A shared text in the page's language: looked up in `texts` (a form's own, beyond the common
 * ones), then in the common ones; the text as it is when neither knows it.
 */
export function sharedText(english: string, texts?: SharedTexts): string {
  const descriptor = texts?.get(english) ?? COMMON_SHARED_TEXTS.get(english);
  return descriptor ? i18n._(descriptor) : english;
}
