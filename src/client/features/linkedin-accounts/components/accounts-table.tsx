import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
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

const COLUMNS = [
  msg({ id: "accounts.table.first-name", message: "First Name" }),
  msg({ id: "accounts.table.type", message: "Type" }),
  msg({ id: "accounts.table.status", message: "Status" }),
  msg({ id: "accounts.table.email", message: "Email" }),
  msg({ id: "accounts.table.password", message: "Password" }),
  msg({ id: "accounts.table.profile", message: "Profile" }),
];

/**
 * One page of accounts as a table, for boxes wide enough to hold it whole (see AccountsList); narrower
 * ones show cards. The box is a size container, so an expanded row's details are exactly as wide as it.
 */
export function AccountsTable({ accounts }: { accounts: LinkedinAccount[] }) {
  const { t, i18n } = useLingui();
  return (
    <Table
      scrollLabel={t({ id: "accounts.table.scroll-label", message: "LinkedIn accounts table" })}
      containerClassName="@container bg-card"
    >
      <TableCaption className="sr-only">
        {t({ id: "accounts.list.label", message: "Your LinkedIn accounts" })}
      </TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>
            <span className="sr-only">{t({ id: "accounts.table.details", message: "Details" })}</span>
          </TableHead>
          {COLUMNS.map((column) => (
            <TableHead key={column.id}>{i18n._(column)}</TableHead>
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
