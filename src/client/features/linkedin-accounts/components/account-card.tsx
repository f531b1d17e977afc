import { useLingui } from "@lingui/react/macro";
import { memo, useId, useState } from "react";
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import { ExpandButton } from "../../../components/expand-button";
import { cn } from "../../../lib/utils";
import { StatusBadge, TypeBadge } from "./account-badges";
import { AccountDetails } from "./account-details";
import { AccountEmail } from "./account-email";
import { accountName } from "./account-format";
import { AccountRequest } from "./account-request";
import { CopyButton } from "./copy-button";
import { RevealSecret } from "./reveal-secret";
import { VisitButton } from "./visit-button";

/**
 * One account as a card, for screens too narrow for the table (a phone): the name, the type and
 * status badges, the email and password, and Visit, each whole; the details open below. Memoized
 * like the table's rows, for the 30-second refresh.
 */
export const AccountCard = memo(function AccountCard({ account }: { account: LinkedinAccount }) {
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const detailsId = useId();
  const name = accountName(account);

  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        // A page holds up to 50 cards and a phone shows two or three: the browser lays out and
        // paints the others only as they scroll near (decision 013). Until a card has been laid out
        // once it takes the height of a tall card (one with a request, about 260 px on a phone; most
        // are about 220), then the height it had. Taller than most, not shorter: the content of a
        // card not laid out yet overflows its box into the next card's, and an accessibility check
        // that reads it then sees the next card's button covered.
        "rounded-lg border bg-card [contain-intrinsic-size:auto_16.5rem] [content-visibility:auto]",
        expanded && "bg-muted/20",
      )}
    >
      <div className="flex items-start gap-3 p-4 pb-3">
        <div className="min-w-0 flex-1 space-y-2">
          <h2 id={titleId} className="font-medium break-words">
            {name}
          </h2>
          <div className="flex flex-wrap gap-1.5">
            <TypeBadge type={account.accountType} />
            <StatusBadge status={account.status} />
          </div>
          <AccountRequest account={account} />
        </div>
        <ExpandButton
          variant="ghost"
          size="icon"
          className="-mt-1 -mr-2 shrink-0"
          expanded={expanded}
          controls={detailsId}
          label={
            expanded
              ? t({ id: "accounts.details.hide", message: `Hide details for ${name}` })
              : t({ id: "accounts.details.show", message: `Show details for ${name}` })
          }
          onToggle={() => setExpanded((value) => !value)}
        />
      </div>
      <dl className="grid gap-1 px-4 pb-3 text-sm">
        <div className="flex min-h-8 items-center justify-between gap-3">
          <dt className="shrink-0 text-muted-foreground">{t({ id: "accounts.email", message: "Email" })}</dt>
          <dd className="flex min-w-0 items-center justify-end gap-1 text-right">
            {account.linkedinEmail ? (
              <>
                <AccountEmail email={account.linkedinEmail} />
                <CopyButton
                  label={t({ id: "accounts.email.copy", message: `Copy email of ${name}` })}
                  what={t({ id: "accounts.email", message: "Email" })}
                  getText={() => account.linkedinEmail}
                />
              </>
            ) : (
              <span className="text-muted-foreground">—</span>
            )}
          </dd>
        </div>
        <div className="flex min-h-8 items-center justify-between gap-3">
          <dt className="shrink-0 text-muted-foreground">
            {t({ id: "accounts.password", message: "Password" })}
          </dt>
          <dd className="min-w-0 text-right">
            <RevealSecret
              accountId={account.id}
              accountName={name}
              secret="password"
              available={account.hasPassword}
            />
          </dd>
        </div>
      </dl>
      <div className="border-t px-4 py-3">
        <VisitButton profileUrl={account.profileUrl} accountName={name} className="w-full" />
      </div>
      {expanded ? (
        <div id={detailsId} className="border-t">
          <AccountDetails account={account} fitTo="card" />
        </div>
      ) : null}
    </li>
  );
});
