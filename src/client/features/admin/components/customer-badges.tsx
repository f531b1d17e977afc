import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { AccountsByStatus, PaidTotal } from "../../../../shared/api/admin-customers";
import { Badge } from "../../../components/ui/badge";
import { formatMoney } from "../../../lib/money";

/** A closed portal login, marked wherever the customer is named (decision 034 keeps the row). */
export function ClosedBadge() {
  const { t } = useLingui();
  return (
    <Badge variant="destructive" className="uppercase">
      {t({ id: "admin.customer.login-closed-badge", message: "Login closed" })}
    </Badge>
  );
}

/** What the customer has paid, one amount per currency; a dash when nothing. */
export function totalPaidText(totals: readonly PaidTotal[]): string {
  return totals.length === 0
    ? "—"
    : totals.map((total) => formatMoney(total.cents, total.currency)).join(" + ");
}

/** "5 accounts: 1 signed in, 2 not signed in, 1 wrong password, 1 restricted"; "No accounts" when none. */
export function AccountsByStatusText({ accounts }: { accounts: AccountsByStatus }) {
  const { t } = useLingui();
  const { total, signedIn, notSignedIn, wrongPassword, restricted } = accounts;
  if (total === 0)
    return (
      <span className="text-muted-foreground">
        {t({ id: "admin.customer-accounts.none", message: "No accounts" })}
      </span>
    );
  const parts = [
    signedIn > 0 ? t({ id: "admin.customer-accounts.signed-in", message: `${signedIn} signed in` }) : null,
    notSignedIn > 0
      ? t({ id: "admin.customer-accounts.not-signed-in", message: `${notSignedIn} not signed in` })
      : null,
    wrongPassword > 0
      ? t({ id: "admin.customer-accounts.wrong-password", message: `${wrongPassword} wrong password` })
      : null,
    restricted > 0
      ? t({ id: "admin.customer-accounts.restricted", message: `${restricted} restricted` })
      : null,
  ].filter((part) => part !== null);
  return (
    <span>
      <span className="font-medium">
        {t({
          id: "admin.customer-accounts.total",
          message: plural(total, { one: "# account", other: "# accounts" }),
        })}
      </span>
      <span className="block text-xs text-muted-foreground">{parts.join(", ")}</span>
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
  const { t } = useLingui();
  return (
    <span className="flex flex-wrap gap-1">
      {hasLogin ? (
        <Badge variant="secondary">{t({ id: "admin.customer-badge.login", message: "Portal login" })}</Badge>
      ) : (
        <Badge variant="outline">{t({ id: "admin.customer-badge.no-login", message: "No login" })}</Badge>
      )}
      {google ? <Badge variant="secondary">Google</Badge> : null}
      {twoFactor ? (
        <Badge variant="success">{t({ id: "admin.customer-badge.two-factor", message: "Two-factor" })}</Badge>
      ) : null}
      {linkedToBase ? null : (
        <Badge variant="outline">
          {t({ id: "admin.customer-badge.not-in-base", message: "Not in the base" })}
        </Badge>
      )}
    </span>
  );
}
