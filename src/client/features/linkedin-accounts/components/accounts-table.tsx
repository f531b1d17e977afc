import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import {
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
} from "../../../components/ui/table";
import { AccountRow } from "./account-row";

const COLUMNS = ["First Name", "Type", "Status", "Email", "Password", "Profile"];

/**
 * One page of accounts as a table, for boxes wide enough to hold it whole (see AccountsList); narrower
 * ones show cards. The box is a size container, so an expanded row's details are exactly as wide as it.
 */
export function AccountsTable({ accounts }: { accounts: LinkedinAccount[] }) {
  return (
    <Table scrollLabel="LinkedIn accounts table" containerClassName="@container bg-card">
      <TableCaption className="sr-only">Your LinkedIn accounts</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>
            <span className="sr-only">Details</span>
          </TableHead>
          {COLUMNS.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {accounts.map((account) => (
          <AccountRow key={account.id} account={account} />
        ))}
      </TableBody>
    </Table>
  );
}
