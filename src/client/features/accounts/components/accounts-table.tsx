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
 * One page of accounts; on a phone the table scrolls sideways inside its own box. The box is a size
 * container, so an expanded row's details can be exactly as wide as the visible part of it.
 */
export function AccountsTable({ accounts }: { accounts: LinkedinAccount[] }) {
  return (
    <Table
      scrollLabel="LinkedIn accounts table"
      containerClassName="@container bg-card"
      className="min-w-[56rem]"
    >
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
