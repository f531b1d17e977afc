/**
 * How a replacement request, its notification and the requests page name a LinkedIn account
 * (decision 040): its first and last name, else its LinkedIn email.
 */
export function accountLabel(account: {
  id: number;
  firstName: string | null;
  lastName: string | null;
  linkedinEmail: string | null;
}): string {
  const name = [account.firstName, account.lastName]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
  return name || account.linkedinEmail?.trim() || `LinkedIn account ${account.id}`;
}
