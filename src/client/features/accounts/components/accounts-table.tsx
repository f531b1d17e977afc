import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import { ScrollRegion } from "../../../components/scroll-region";
import { AccountRow } from "./account-row";

const th = "px-3 py-2 font-medium whitespace-nowrap";

/**
 * One page of accounts; on a phone the table scrolls sideways inside its own box. The box is a size
 * container, so an expanded row's details can be exactly as wide as the visible part of it.
 */
export function AccountsTable({ accounts }: { accounts: LinkedinAccount[] }) {
  return (
    <ScrollRegion label="LinkedIn accounts table" className="@container bg-card">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <caption className="sr-only">Your LinkedIn accounts</caption>
        <thead className="bg-muted text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className={th}>
              <span className="sr-only">Details</span>
            </th>
            <th scope="col" className={th}>
              First Name
            </th>
            <th scope="col" className={th}>
              Type
            </th>
            <th scope="col" className={th}>
              Status
            </th>
            <th scope="col" className={th}>
              Email
            </th>
            <th scope="col" className={th}>
              Password
            </th>
            <th scope="col" className={th}>
              Profile
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {accounts.map((account) => (
            <AccountRow key={account.id} account={account} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
