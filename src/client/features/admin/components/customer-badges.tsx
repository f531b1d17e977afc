import type { AccountsByStatus, PaidTotal } from "../../../../shared/api/admin-customers";
import { Badge } from "../../../components/ui/badge";
import { formatMoney } from "../../../lib/money";

/** A closed portal login, marked wherever the customer is named (decision 034 keeps the row). */
export function ClosedBadge() {
  return (
    <Badge variant="destructive" className="uppercase">
      Login closed
    </Badge>
  );
}

/** What the customer has paid, one amount per currency; a dash when nothing. */
export function totalPaidText(totals: readonly PaidTotal[]): string {
  return totals.length === 0
    ? "—"
    : totals.map((total) => formatMoney(total.cents, total.currency)).join(" + ");
}

const STATUS_PARTS = [
  ["signedIn", "signed in"],
  ["notSignedIn", "not signed in"],
  ["wrongPassword", "wrong password"],
  ["restricted", "restricted"],
] as const;

/** "5 accounts: 1 signed in, 2 not signed in, 1 wrong password, 1 restricted"; "No accounts" when none. */
export function AccountsByStatusText({ accounts }: { accounts: AccountsByStatus }) {
  if (accounts.total === 0) return <span className="text-muted-foreground">No accounts</span>;
  const parts = STATUS_PARTS.filter(([key]) => accounts[key] > 0);
  return (
    <span>
      <span className="font-medium">
        {accounts.total} {accounts.total === 1 ? "account" : "accounts"}
      </span>
      <span className="block text-xs text-muted-foreground">
        {parts.map(([key, label]) => `${accounts[key]} ${label}`).join(", ")}
      </span>
    </span>
  );
}

/** How the customer signs in, as small badges: no login at all is said in words. */
export function SignInBadges({
  hasLogin,
  google,
  twoFactor,
  linkedToBase,
}: {
  hasLogin: boolean;
  google: boolean;
  twoFactor: boolean;
  linkedToBase: boolean;
}) {
  return (
    <span className="flex flex-wrap gap-1">
      {hasLogin ? <Badge variant="secondary">Portal login</Badge> : <Badge variant="outline">No login</Badge>}
      {google ? <Badge variant="secondary">Google</Badge> : null}
      {twoFactor ? <Badge variant="success">Two-factor</Badge> : null}
      {linkedToBase ? null : <Badge variant="outline">Not in the base</Badge>}
    </span>
  );
}
