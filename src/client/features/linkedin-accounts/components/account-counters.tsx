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
  const counters = accountCounters(accounts);
  return (
    <dl aria-label="Account totals" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Counter label="Total Accounts" value={counters.total} />
      <Counter label="Signed In" value={counters.signedIn} />
      <Counter label="Premium" value={counters.premium} />
      <Counter label="Verified" value={counters.verified} />
    </dl>
  );
}
