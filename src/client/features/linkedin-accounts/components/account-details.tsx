import { type ReactNode, useId } from "react";
import type { LinkedinAccount } from "../../../../shared/api/linkedin-accounts";
import { formatCount, formatDate, formatDateTime } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { accountName } from "./account-format";
import { AccountRequest } from "./account-request";
import { LoginCode } from "./login-code";
import { RecoveryCodes } from "./recovery-codes";
import { RevealSecret } from "./reveal-secret";

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="min-w-0 space-y-3">
      <h3 id={titleId} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(7rem,40%)_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** A value from the base, or a dash when it has none. */
function text(value: string | number | null): ReactNode {
  if (value === null || value === "") return <span className="text-muted-foreground">—</span>;
  return typeof value === "number" ? formatCount(value) : value;
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/**
 * What an expanded row or card shows: the spec's three sections, then Notes and Recovery Codes when
 * there are any. In a table it stays in view should the table scroll sideways, as wide as the table's
 * box (its container); in a card it is as wide as the card.
 */
export function AccountDetails({ account, fitTo }: { account: LinkedinAccount; fitTo: "table" | "card" }) {
  const name = accountName(account);
  return (
    <div
      className={cn(
        "grid gap-6 p-4 @2xl:grid-cols-2 @5xl:grid-cols-3 sm:p-6",
        fitTo === "table" && "sticky left-0 w-[100cqw]",
      )}
    >
      <Section title="Profile Information">
        <dl className="divide-y">
          <Field label="Name">{text([account.firstName, account.lastName].filter(Boolean).join(" "))}</Field>
          <Field label="Headline">{text(account.headline)}</Field>
          <Field label="Location">{text(account.location)}</Field>
          <Field label="Industry">{text(account.industry)}</Field>
          <Field label="Gender">{text(account.gender)}</Field>
          <Field label="Profile URL">
            {account.profileUrl ? (
              <a
                href={account.profileUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="break-all text-primary underline-offset-4 hover:underline dark:text-blue-300"
              >
                {account.profileUrl}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              text(null)
            )}
          </Field>
        </dl>
      </Section>

      <Section title="Account Statistics">
        <dl className="divide-y">
          <Field label="Connections">{text(account.connectionsCount)}</Field>
          <Field label="Followers">{text(account.followers)}</Field>
          <Field label="Premium">{yesNo(account.isPremium)}</Field>
          <Field label="Verified">{yesNo(account.isVerified)}</Field>
          <Field label="Optimized">{yesNo(account.isOptimized)}</Field>
          <Field label="Created">
            <time dateTime={account.createdAt}>{formatDate(account.createdAt)}</time>
          </Field>
          <Field label="Last synced">
            <time dateTime={account.lastSyncedAt}>{formatDateTime(account.lastSyncedAt)}</time>
          </Field>
        </dl>
      </Section>

      <Section title="Security & Technical">
        <dl className="divide-y">
          <Field label="2FA status">{text(account.twoFaStatus)}</Field>
          <Field label="Verification type">{text(account.verificationType)}</Field>
          <Field label="Proxy country">{text(account.proxyCountry)}</Field>
          <Field label="Proxy IP">{text(account.proxyIp)}</Field>
          <Field label="Proxy port">{text(account.proxyPort)}</Field>
          <Field label="Proxy username">{text(account.proxyUsername)}</Field>
          <Field label="Proxy zone">{text(account.proxyZoneName)}</Field>
          <Field label="Proxy password">
            <RevealSecret
              accountId={account.id}
              accountName={name}
              secret="proxyPassword"
              what="proxy password"
              available={account.hasProxyPassword}
            />
          </Field>
          {account.hasTwoFaSecret ? (
            <Field label="2FA login code">
              <LoginCode accountId={account.id} accountName={name} />
            </Field>
          ) : null}
        </dl>
      </Section>

      <Section title="Problems">
        <p className="text-sm text-muted-foreground">
          {account.openRequest
            ? "This account has an open request; the Requests page shows what the operator does about it."
            : "Something wrong with this account? Ask the operator for a replacement or a fix."}
        </p>
        <AccountRequest account={account} always />
      </Section>

      {account.notes ? (
        <Section title="Notes">
          <p className="text-sm whitespace-pre-line break-words">{account.notes}</p>
        </Section>
      ) : null}

      {account.twoFaRecoveryCodeCount > 0 ? (
        <Section title="2FA Recovery Codes">
          <RecoveryCodes accountId={account.id} accountName={name} count={account.twoFaRecoveryCodeCount} />
        </Section>
      ) : null}
    </div>
  );
}
