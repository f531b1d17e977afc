import { useLingui } from "@lingui/react/macro";
import { memo, useId, useState } from "react";
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import { ExpandButton } from "../../../components/expand-button";
import { TableCell, TableRow } from "../../../components/ui/table";
import { cn } from "../../../lib/utils";
import { StatusBadge, TypeBadge } from "./account-badges";
import { AccountDetails } from "./account-details";
import { AccountEmail } from "./account-email";
import { accountName } from "./account-format";
import { AccountRequest } from "./account-request";
import { CopyButton } from "./copy-button";
import { RevealSecret } from "./reveal-secret";
import { VisitButton } from "./visit-button";

// The details row spans the whole table.
const ACCOUNT_TABLE_COLUMNS = 7;

/**
 * One account as a table row, and its details row when expanded. The email and a shown password wrap
 * rather than widen the table; badges and buttons never wrap. Memoized: the 30-second refresh
 * hands back the same account objects when nothing changed, so the rows are not rendered again.
 */
export const AccountRow = memo(function AccountRow({ account }: { account: LinkedinAccount }) {
  const { t } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const name = accountName(account);

  return (
    <>
      <TableRow className={cn("hover:bg-muted/40", expanded && "bg-muted/40")}>
        <TableCell className="w-10">
          <ExpandButton
            variant="ghost"
            size="icon"
            className="size-8"
            chevron="right"
            expanded={expanded}
            controls={detailsId}
            label={
              expanded
                ? t({ id: "accounts.details.hide", message: `Hide details for ${name}` })
                : t({ id: "accounts.details.show", message: `Show details for ${name}` })
            }
            onToggle={() => setExpanded((value) => !value)}
          />
        </TableCell>
        <TableCell className="font-medium">
          {account.firstName ?? <span className="text-muted-foreground">—</span>}
        </TableCell>
        <TableCell>
          <TypeBadge type={account.accountType} />
        </TableCell>
        <TableCell>
          <div className="flex flex-col items-start gap-1.5">
            <StatusBadge status={account.status} />
            <AccountRequest account={account} size="compact" />
          </div>
        </TableCell>
        <TableCell>
          {account.linkedinEmail ? (
            <span className="flex items-center gap-1">
              <AccountEmail email={account.linkedinEmail} />
              <CopyButton
                label={t({ id: "accounts.email.copy", message: `Copy email of ${name}` })}
                what={t({ id: "accounts.email", message: "Email" })}
                getText={() => account.linkedinEmail}
              />
            </span>
          ) : (
            <span className="text-muted-foreground">—</span>
          )}
        </TableCell>
        <TableCell>
          <RevealSecret
            accountId={account.id}
            accountName={name}
            secret="password"
            available={account.hasPassword}
          />
        </TableCell>
        <TableCell>
          <VisitButton profileUrl={account.profileUrl} accountName={name} />
        </TableCell>
      </TableRow>
      {expanded ? (
        <TableRow id={detailsId} className="bg-muted/20">
          <TableCell colSpan={ACCOUNT_TABLE_COLUMNS} className="p-0">
            <AccountDetails account={account} fitTo="table" />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
});
