/** How the accounts screen names an account. */
import { msg } from "@lingui/core/macro";
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import { i18n } from "../../../lib/i18n/i18n";

/** "Ana Berlin", else the email, else "account 12": every row needs a name for its buttons. */
export function accountName(
  account: Pick<LinkedinAccount, "id" | "firstName" | "lastName" | "linkedinEmail">,
) {
  const name = [account.firstName, account.lastName].filter(Boolean).join(" ").trim();
  const number = account.id;
  return (
    name ||
    account.linkedinEmail ||
    i18n._(msg({ id: "accounts.name.fallback", message: `account ${number}` }))
  );
}
