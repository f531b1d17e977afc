import { Link } from "react-router";
import type { CustomerRow } from "../../../../shared/api/admin-customers";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDateTime } from "../../../lib/format";
import { useMediaQuery } from "../../../lib/use-media-query";
import { AccountsByStatusText, ClosedBadge, SignInBadges, totalPaidText } from "./customer-badges";

/** Wide enough for the table beside the sidebar; narrower screens show a card per customer. */
const TABLE_QUERY = "(min-width: 64rem)";

export const customerPath = (uid: string) => `/admin/customers/${encodeURIComponent(uid)}`;

function CustomerName({ customer }: { customer: CustomerRow }) {
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <Link to={customerPath(customer.uid)} className="font-medium underline-offset-4 hover:underline">
          {customer.name}
        </Link>
        {customer.closedAt ? <ClosedBadge /> : null}
        {customer.role === "admin" ? <span className="text-xs text-muted-foreground">(admin)</span> : null}
      </span>
      <span className="break-all text-xs text-muted-foreground">{customer.email}</span>
    </span>
  );
}

const lastSignIn = (customer: CustomerRow) =>
  customer.lastSignInAt ? formatDateTime(customer.lastSignInAt) : "Never";

function PaidCell({ customer }: { customer: CustomerRow }) {
  return (
    <span className="flex flex-col">
      <span className="tabular-nums">{totalPaidText(customer.totalPaid)}</span>
      {customer.failedPayments ? (
        <span className="text-xs text-destructive dark:text-red-300">Failed payment</span>
      ) : null}
    </span>
  );
}

/** One page of customers: a table where it fits, a card each on a phone; each names its page. */
export function CustomersResults({ customers }: { customers: CustomerRow[] }) {
  const wide = useMediaQuery(TABLE_QUERY);
  if (wide) {
    return (
      <Table scrollLabel="Customers table">
        <TableHeader>
          <TableRow>
            <TableHead>Customer</TableHead>
            <TableHead>Sign-in</TableHead>
            <TableHead>LinkedIn accounts</TableHead>
            <TableHead>Last sign-in</TableHead>
            <TableHead className="text-right">Total paid</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {customers.map((customer) => (
            <TableRow key={customer.uid} className={customer.closedAt ? "bg-muted/40" : undefined}>
              <TableCell className="max-w-72">
                <CustomerName customer={customer} />
              </TableCell>
              <TableCell>
                <SignInBadges {...customer} />
              </TableCell>
              <TableCell>
                <AccountsByStatusText accounts={customer.accounts} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{lastSignIn(customer)}</TableCell>
              <TableCell className="text-right">
                <PaidCell customer={customer} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <ul aria-label="Customers" className="grid gap-3">
      {customers.map((customer) => (
        <li
          key={customer.uid}
          className={`space-y-3 rounded-xl border p-4 ${customer.closedAt ? "bg-muted/40" : "bg-card"}`}
        >
          <CustomerName customer={customer} />
          <SignInBadges {...customer} />
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="col-span-2">
              <dt className="text-xs text-muted-foreground">LinkedIn accounts</dt>
              <dd>
                <AccountsByStatusText accounts={customer.accounts} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Last sign-in</dt>
              <dd>{lastSignIn(customer)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Total paid</dt>
              <dd>
                <PaidCell customer={customer} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
