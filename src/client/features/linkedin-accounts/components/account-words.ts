/**
 * The words the accounts screen gives the four states of an account's status (the badge and the
 * Status filter). The status itself is the operator's free text from the base and stays as it is
 * (the badge's title); these are the portal's own names for the states it reads from it.
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AccountStatus } from "../../../../shared/linkedin-account-rules";

export const ACCOUNT_STATUS_WORDS: Record<AccountStatus, MessageDescriptor> = {
  "signed-in": msg({ id: "accounts.status.signed-in", message: "Signed In" }),
  "not-signed-in": msg({ id: "accounts.status.not-signed-in", message: "Not Signed In" }),
  "wrong-password": msg({ id: "accounts.status.wrong-password", message: "Wrong Password" }),
  restricted: msg({ id: "accounts.status.restricted", message: "Restricted" }),
};
