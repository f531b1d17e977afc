import { useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  return (
    <span className="flex min-w-0 flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        <Link to={customerPath(customer.uid)} className="font-medium underline-offset-4 hover:underline">
          {customer.name}
        </Link>
        {customer.closedAt ? <ClosedBadge /> : null}
        {customer.role === "admin" ? (
          <span className="text-xs text-muted-foreground">
            {t({ id: "admin.customers.admin-mark", message: "(admin)" })}
          </span>
        ) : null}
      </span>
      <span className="break-all text-xs text-muted-foreground">{customer.email}</span>
    </span>
  );
}

function LastSignIn({ customer }: { customer: CustomerRow }) {
  const { t } = useLingui();
  return customer.lastSignInAt
    ? formatDateTime(customer.lastSignInAt)
    : t({ id: "admin.customers.never-signed-in", message: "Never" });
}

function PaidCell({ customer }: { customer: CustomerRow }) {
  const { t } = useLingui();
  return (
    <span className="flex flex-col">
      <span className="tabular-nums">{totalPaidText(customer.totalPaid)}</span>
      {customer.failedPayments ? (
        <span className="text-xs text-destructive dark:text-red-300">
          {t({ id: "admin.customers.failed-payment", message: "Failed payment" })}
        </span>
      ) : null}
    </span>
  );
}

/** One page of customers: a table where it fits, a card each on a phone; each names its page. */
export function CustomersResults({ customers }: { customers: CustomerRow[] }) {
  const { t } = useLingui();
  const wide = useMediaQuery(TABLE_QUERY);
  const accountsLabel = t({ id: "admin.customers.linkedin-accounts", message: "LinkedIn accounts" });
  const lastSignInLabel = t({ id: "admin.customers.last-sign-in", message: "Last sign-in" });
  const totalPaidLabel = t({ id: "admin.customers.total-paid", message: "Total paid" });
  if (wide) {
    return (
      <Table scrollLabel={t({ id: "admin.customers.table", message: "Customers table" })}>
        <TableHeader>
          <TableRow>
            <TableHead>{t({ id: "admin.customers.customer", message: "Customer" })}</TableHead>
            <TableHead>{t({ id: "admin.customers.sign-in", message: "Sign-in" })}</TableHead>
            <TableHead>{accountsLabel}</TableHead>
            <TableHead>{lastSignInLabel}</TableHead>
            <TableHead className="text-right">{totalPaidLabel}</TableHead>
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
              <TableCell className="whitespace-nowrap">
                <LastSignIn customer={customer} />
              </TableCell>
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
    <ul aria-label={t({ id: "admin.customers.list", message: "Customers" })} className="grid gap-3">
      {customers.map((customer) => (
        <li
          key={customer.uid}
          className={`space-y-3 rounded-xl border p-4 ${customer.closedAt ? "bg-muted/40" : "bg-card"}`}
        >
          <CustomerName customer={customer} />
          <SignInBadges {...customer} />
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div className="col-span-2">
              <dt className="text-xs text-muted-foreground">{accountsLabel}</dt>
              <dd>
                <AccountsByStatusText accounts={customer.accounts} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{lastSignInLabel}</dt>
              <dd>
                <LastSignIn customer={customer} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{totalPaidLabel}</dt>
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
