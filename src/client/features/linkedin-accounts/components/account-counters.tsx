import { useLingui } from "@lingui/react/macro";
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import { accountCounters } from "../../../../shared/linkedin-account-rules";
import { formatCount } from "../../../lib/format";

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-sm">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

/** The four counters over all the customer's accounts, whatever the filters. */
export function AccountCounters({ accounts }: { accounts: readonly LinkedinAccount[] }) {
  const { t } = useLingui();
  const counters = accountCounters(accounts);
  return (
    <dl
      aria-label={t({ id: "accounts.counters.label", message: "Account totals" })}
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
    >
      <Counter
        label={t({ id: "accounts.counters.total", message: "Total Accounts" })}
        value={counters.total}
      />
      <Counter
        label={t({ id: "accounts.counters.signed-in", message: "Signed In" })}
        value={counters.signedIn}
      />
      <Counter label={t({ id: "accounts.counters.premium", message: "Premium" })} value={counters.premium} />
      <Counter
        label={t({ id: "accounts.counters.verified", message: "Verified" })}
        value={counters.verified}
      />
    </dl>
  );
}
