/**
 * The page's words for what Settings' shared schemas say beyond the common texts (lib/shared-text.ts),
 * by their English words, with the server's ids (src/server/platform/i18n/shared-texts.ts).
 */
import { msg } from "@lingui/core/macro";
import { CLOSE_LOGIN_EMAIL_REQUIRED_MESSAGE } from "../../../shared/api/close-login";
import { PASSKEY_NAME_MAX } from "../../../shared/api/passkeys";
import type { SharedTexts } from "../../lib/shared-text";

const max = PASSKEY_NAME_MAX;

export const SETTINGS_SHARED_TEXTS: SharedTexts = new Map([
  [
    CLOSE_LOGIN_EMAIL_REQUIRED_MESSAGE,
    msg({ id: "validation.close-login.email-required", message: "Type the email of your account" }),
  ],
  ["Enter your password", msg({ id: "validation.password.enter", message: "Enter your password" })],
  ["Name your passkey", msg({ id: "validation.passkey.name-required", message: "Name your passkey" })],
  [
    `A passkey's name must be at most ${PASSKEY_NAME_MAX} characters`,
    msg({
      id: "validation.passkey.name-too-long",
      message: `A passkey's name must be at most ${max} characters`,
    }),
  ],
]);
