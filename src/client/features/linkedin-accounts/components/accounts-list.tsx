import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import { AccountCard } from "./account-card";
import { AccountsTable } from "./accounts-table";
import { useElementWidth } from "./use-element-width";

/**
 * The narrowest box, in rem, that holds the table whole: every column's badges and buttons unwrapped,
 * with room for an email and a shown password to wrap. Narrower boxes (phones, tablets, a desktop
 * with a small window) show cards instead (decision 014).
 */
const TABLE_MIN_WIDTH_REM = 56;

function remInPixels(): number {
  return Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
}

/**
 * One page of accounts: a table where it fits, otherwise a card per account. `footer` (the
 * pagination) shows below them once they are there, so it never jumps down when they arrive.
 */
export function AccountsList({ accounts, footer }: { accounts: LinkedinAccount[]; footer?: ReactNode }) {
  const { t } = useLingui();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const layout = width === null ? null : width >= TABLE_MIN_WIDTH_REM * remInPixels() ? "table" : "cards";
  return (
    <div ref={ref} className="@container space-y-4">
      {layout === "table" ? <AccountsTable accounts={accounts} /> : null}
      {layout === "cards" ? (
        <ul
          aria-label={t({ id: "accounts.list.label", message: "Your LinkedIn accounts" })}
          className="grid gap-3"
        >
          {accounts.map((account) => (
            <AccountCard key={account.id} account={account} />
          ))}
        </ul>
      ) : null}
      {layout === null ? null : footer}
    </div>
  );
}
