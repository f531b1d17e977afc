import { useLingui } from "@lingui/react/macro";
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

/**
 * What an expanded row or card shows: the spec's three sections, then Notes and Recovery Codes when
 * there are any. In a table it stays in view should the table scroll sideways, as wide as the table's
 * box (its container); in a card it is as wide as the card.
 */
export function AccountDetails({ account, fitTo }: { account: LinkedinAccount; fitTo: "table" | "card" }) {
  const { t } = useLingui();
  const name = accountName(account);
  const yesNo = (value: boolean) =>
    value
      ? t({ id: "accounts.details.yes", message: "Yes" })
      : t({ id: "accounts.details.no", message: "No" });
  return (
    <div
      className={cn(
        "grid gap-6 p-4 @2xl:grid-cols-2 @5xl:grid-cols-3 sm:p-6",
        fitTo === "table" && "sticky left-0 w-[100cqw]",
      )}
    >
      <Section title={t({ id: "accounts.details.profile", message: "Profile Information" })}>
        <dl className="divide-y">
          <Field label={t({ id: "accounts.details.name", message: "Name" })}>
            {text([account.firstName, account.lastName].filter(Boolean).join(" "))}
          </Field>
          <Field label={t({ id: "accounts.details.headline", message: "Headline" })}>
            {text(account.headline)}
          </Field>
          <Field label={t({ id: "accounts.details.location", message: "Location" })}>
            {text(account.location)}
          </Field>
          <Field label={t({ id: "accounts.details.industry", message: "Industry" })}>
            {text(account.industry)}
          </Field>
          <Field label={t({ id: "accounts.details.gender", message: "Gender" })}>
            {text(account.gender)}
          </Field>
          <Field label={t({ id: "accounts.details.profile-url", message: "Profile URL" })}>
            {account.profileUrl ? (
              <a
                href={account.profileUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="break-all text-primary underline-offset-4 hover:underline dark:text-blue-300"
              >
                {account.profileUrl}
                <span className="sr-only">{` ${t({ id: "accounts.new-tab", message: "(opens in a new tab)" })}`}</span>
              </a>
            ) : (
              text(null)
            )}
          </Field>
        </dl>
      </Section>

      <Section title={t({ id: "accounts.details.statistics", message: "Account Statistics" })}>
        <dl className="divide-y">
          <Field label={t({ id: "accounts.details.connections", message: "Connections" })}>
            {text(account.connectionsCount)}
          </Field>
          <Field label={t({ id: "accounts.details.followers", message: "Followers" })}>
            {text(account.followers)}
          </Field>
          <Field label={t({ id: "accounts.details.premium", message: "Premium" })}>
            {yesNo(account.isPremium)}
          </Field>
          <Field label={t({ id: "accounts.details.verified", message: "Verified" })}>
            {yesNo(account.isVerified)}
          </Field>
          <Field label={t({ id: "accounts.details.optimized", message: "Optimized" })}>
            {yesNo(account.isOptimized)}
          </Field>
          <Field label={t({ id: "accounts.details.created", message: "Created" })}>
            <time dateTime={account.createdAt}>{formatDate(account.createdAt)}</time>
          </Field>
          <Field label={t({ id: "accounts.details.last-synced", message: "Last synced" })}>
            <time dateTime={account.lastSyncedAt}>{formatDateTime(account.lastSyncedAt)}</time>
          </Field>
        </dl>
      </Section>

      <Section title={t({ id: "accounts.details.security", message: "Security & Technical" })}>
        <dl className="divide-y">
          <Field label={t({ id: "accounts.details.two-fa-status", message: "2FA status" })}>
            {text(account.twoFaStatus)}
          </Field>
          <Field label={t({ id: "accounts.details.verification-type", message: "Verification type" })}>
            {text(account.verificationType)}
          </Field>
          <Field label={t({ id: "accounts.details.proxy-country", message: "Proxy country" })}>
            {text(account.proxyCountry)}
          </Field>
          <Field label={t({ id: "accounts.details.proxy-ip", message: "Proxy IP" })}>
            {text(account.proxyIp)}
          </Field>
          <Field label={t({ id: "accounts.details.proxy-port", message: "Proxy port" })}>
            {text(account.proxyPort)}
          </Field>
          <Field label={t({ id: "accounts.details.proxy-username", message: "Proxy username" })}>
            {text(account.proxyUsername)}
          </Field>
          <Field label={t({ id: "accounts.details.proxy-zone", message: "Proxy zone" })}>
            {text(account.proxyZoneName)}
          </Field>
          <Field label={t({ id: "accounts.details.proxy-password", message: "Proxy password" })}>
            <RevealSecret
              accountId={account.id}
              accountName={name}
              secret="proxyPassword"
              available={account.hasProxyPassword}
            />
          </Field>
          {account.hasTwoFaSecret ? (
            <Field label={t({ id: "accounts.details.login-code", message: "2FA login code" })}>
              <LoginCode accountId={account.id} accountName={name} />
            </Field>
          ) : null}
        </dl>
      </Section>

      <Section title={t({ id: "accounts.details.problems", message: "Problems" })}>
        <p className="text-sm text-muted-foreground">
          {account.openRequest
            ? t({
                id: "accounts.details.problems.open",
                message:
                  "This account has an open request; the Requests page shows what the operator does about it.",
              })
            : t({
                id: "accounts.details.problems.none",
                message: "Something wrong with this account? Ask the operator for a replacement or a fix.",
              })}
        </p>
        <AccountRequest account={account} always />
      </Section>

      {account.notes ? (
        <Section title={t({ id: "accounts.details.notes", message: "Notes" })}>
          <p className="text-sm whitespace-pre-line break-words">{account.notes}</p>
        </Section>
      ) : null}

      {account.twoFaRecoveryCodeCount > 0 ? (
        <Section title={t({ id: "accounts.details.recovery-codes", message: "2FA Recovery Codes" })}>
          <RecoveryCodes accountId={account.id} accountName={name} count={account.twoFaRecoveryCodeCount} />
        </Section>
      ) : null}
    </div>
  );
}
