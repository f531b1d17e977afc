/** How the accounts screen names an account. */
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";

/** "Ana Berlin", else the email, else "account 12": every row needs a name for its buttons. */
export function accountName(
  account: Pick<LinkedinAccount, "id" | "firstName" | "lastName" | "linkedinEmail">,
) {
  const name = [account.firstName, account.lastName].filter(Boolean).join(" ").trim();
  return name || account.linkedinEmail || `account ${account.id}`;
}
