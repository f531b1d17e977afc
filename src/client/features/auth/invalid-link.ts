/**
 * What the pages of a mailed link say when the link cannot be used and the server gave no words of its
 * own (or was not asked: no token at all). The server's id and English (src/server/platform/i18n/shared-texts.ts).
 */
import { msg } from "@lingui/core/macro";

export const INVALID_LINK = msg({
  id: "error.link.invalid",
  message: "This link is invalid, has expired or has already been used. Please request a new one.",
});
