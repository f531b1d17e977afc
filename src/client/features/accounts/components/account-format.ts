/** How the accounts screen words accounts and times; times are the browser's local time. */
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";

/** "Ana Berlin", else the email, else "account 12": every row needs a name for its buttons. */
export function accountName(
  account: Pick<LinkedinAccount, "id" | "firstName" | "lastName" | "linkedinEmail">,
) {
  const name = [account.firstName, account.lastName].filter(Boolean).join(" ").trim();
  return name || account.linkedinEmail || `account ${account.id}`;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: "medium" });
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function formatCount(value: number): string {
  return value.toLocaleString();
}
