import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import type { CustomerDetail } from "../../../../shared/api/admin-customers";
import { paymentKindOf, signedAmountCents } from "../../../../shared/billing/payment-kinds";
import { accountStatusOf } from "../../../../shared/linkedin-account-rules";
import { optimizationStatusText } from "../../../../shared/optimization-status";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount, formatDate, formatDateTime } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";
import {
  ACCOUNT_STATUS_WORDS,
  AUDIT_KIND_WORDS,
  isAuditKind,
  ORDER_STATUS_WORDS,
  PAYMENT_KIND_WORDS,
  PLAN_STATUS_WORDS,
  SYNC_RUN_STATUS_WORDS,
  SYNC_RUN_TRIGGER_WORDS,
} from "./admin-words";
import { totalPaidText } from "./customer-badges";

const when = (iso: string | null, none = "—") => (iso ? formatDateTime(iso) : none);

/** A card of the customer's page: its heading names the region, and says how many of how many it shows. */
export function SectionCard({
  title,
  shown,
  total,
  actions,
  children,
}: {
  title: string;
  shown?: number;
  total?: number;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const titleId = useId();
  let counted: string | null = null;
  if (total !== undefined) {
    const all = formatCount(total);
    if (shown !== undefined && shown < total) {
      const newest = formatCount(shown);
      counted = t({ id: "admin.customer.section-newest", message: `The newest ${newest} of ${all}` });
    } else {
      counted = t({ id: "admin.customer.section-all", message: `${all} in all` });
    }
  }
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle id={titleId}>{title}</CardTitle>
          {counted ? <CardDescription>{counted}</CardDescription> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Label and value pairs, two columns where there is room. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The rows of a section, or a sentence saying there are none. */
function Rows<T>({
  label,
  items,
  empty,
  render,
}: {
  label: string;
  items: T[];
  empty: string;
  render: (item: T) => { key: string | number; title: ReactNode; details: ReactNode; aside?: ReactNode };
}) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="divide-y rounded-lg border">
      {items.map((item) => {
        const row = render(item);
        return (
          <li
            key={row.key}
            className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm"
          >
            <div className="min-w-0 space-y-0.5">
              <div className="font-medium break-words">{row.title}</div>
              <div className="text-xs text-muted-foreground break-words">{row.details}</div>
            </div>
            {row.aside ? <div className="shrink-0 text-right">{row.aside}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}

export function ProfileSection({ detail }: { detail: CustomerDetail }) {
  const { t } = useLingui();
  const { profile } = detail;
  const synced = profile.lastSyncedAt ? formatDateTime(profile.lastSyncedAt) : null;
  // Whether and when the operator's base last brought the customer's records.
  const base = !profile.linkedToBase
    ? t({ id: "admin.customer.base-not-linked", message: "Not linked" })
    : synced === null
      ? t({ id: "admin.customer.base-never-synced", message: "Linked, last synced never" })
      : t({ id: "admin.customer.base-synced", message: `Linked, last synced ${synced}` });
  return (
    <SectionCard title={t({ id: "admin.customer.profile", message: "Profile" })}>
      <Facts
        items={[
          [
            "UID",
            <span key="uid" className="font-mono text-xs">
              {profile.uid}
            </span>,
          ],
          [t({ id: "admin.customer.email", message: "Email" }), profile.email],
          [t({ id: "admin.customer.username", message: "Username" }), profile.username ?? "—"],
          [
            t({ id: "admin.customer.role", message: "Role" }),
            profile.role === "admin"
              ? t({ id: "admin.customer.role-admin", message: "Admin" })
              : t({ id: "admin.customer.role-customer", message: "Customer" }),
          ],
          [t({ id: "admin.customer.registered", message: "Registered" }), formatDate(profile.createdAt)],
          [
            t({ id: "admin.customer.email-verified", message: "Email verified" }),
            when(
              profile.emailVerifiedAt,
              t({ id: "admin.customer.email-not-verified", message: "Not verified" }),
            ),
          ],
          [t({ id: "admin.customer.base", message: "Operator's base" }), base],
          [
            t({ id: "admin.customer.last-sign-in", message: "Last sign-in" }),
            when(profile.lastSignInAt, t({ id: "admin.customer.never-signed-in", message: "Never" })),
          ],
          [t({ id: "admin.customer.total-paid", message: "Total paid" }), totalPaidText(profile.totalPaid)],
          [
            t({ id: "admin.customer.failed-payments", message: "Failed payments" }),
            profile.failedPayments
              ? t({ id: "admin.customer.failed-payments-yes", message: "Yes" })
              : t({ id: "admin.customer.failed-payments-none", message: "None" }),
          ],
          [
            t({ id: "admin.customer.login-closed", message: "Login closed" }),
            when(profile.closedAt, t({ id: "admin.customer.login-closed-no", message: "No" })),
          ],
        ]}
      />
    </SectionCard>
  );
}

export function SignInMethodsSection({ detail }: { detail: CustomerDetail }) {
  const { t } = useLingui();
  const methods = detail.signInMethods;
  const onOff = (on: boolean) =>
    on ? (
      <Badge variant="success">{t({ id: "admin.customer.method-on", message: "On" })}</Badge>
    ) : (
      <Badge variant="outline">{t({ id: "admin.customer.method-off", message: "Off" })}</Badge>
    );
  return (
    <SectionCard title={t({ id: "admin.customer.sign-in-methods", message: "Sign-in methods" })}>
      <Facts
        items={[
          [t({ id: "admin.customer.password", message: "Password" }), onOff(methods.password)],
          [
            t({ id: "admin.customer.authenticator", message: "Authenticator app" }),
            onOff(methods.authenticator),
          ],
          [
            t({ id: "admin.customer.passkeys", message: "Passkeys" }),
            methods.passkeys === 0 ? onOff(false) : formatCount(methods.passkeys),
          ],
          ["Google", onOff(methods.google)],
        ]}
      />
    </SectionCard>
  );
}

export function SessionsList({ detail }: { detail: CustomerDetail }) {
  const { t } = useLingui();
  return (
    <Rows
      label={t({ id: "admin.customer.sessions", message: "Sessions" })}
      items={detail.sessions.items}
      empty={t({
        id: "admin.customer.sessions-empty",
        message: "No live sessions: the customer is signed in nowhere.",
      })}
      render={(session) => {
        const address =
          session.ipAddress ??
          t({ id: "admin.customer.session-unknown-address", message: "Unknown address" });
        const signedIn = formatDateTime(session.signedInAt);
        const lastSeen = formatDateTime(session.lastSeenAt);
        return {
          key: session.id,
          title: session.device,
          details: t({ id: "admin.customer.session-details", message: `${address} · signed in ${signedIn}` }),
          aside: (
            <span className="text-xs">
              {t({ id: "admin.customer.session-last-seen", message: `Last seen ${lastSeen}` })}
            </span>
          ),
        };
      }}
    />
  );
}

export function AccountsSection({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useLingui();
  const { items, total } = detail.linkedinAccounts;
  const title = t({ id: "admin.customer.linkedin-accounts", message: "LinkedIn accounts" });
  return (
    <SectionCard title={title} shown={items.length} total={total}>
      <Rows
        label={title}
        items={items}
        empty={t({ id: "admin.customer.linkedin-accounts-empty", message: "No LinkedIn accounts." })}
        render={(account) => {
          const { proxyCountry, twoFaStatus } = account;
          return {
            key: account.id,
            title:
              [account.firstName, account.lastName].filter(Boolean).join(" ") ||
              account.linkedinEmail ||
              t({ id: "admin.customer.account-unnamed", message: "Unnamed" }),
            details: [
              account.accountType,
              account.linkedinEmail,
              proxyCountry
                ? t({ id: "admin.customer.account-proxy", message: `proxy ${proxyCountry}` })
                : null,
              twoFaStatus ? t({ id: "admin.customer.account-two-fa", message: `2FA ${twoFaStatus}` }) : null,
              account.isPremium ? t({ id: "admin.customer.account-premium", message: "premium" }) : null,
              account.isVerified ? t({ id: "admin.customer.account-verified", message: "verified" }) : null,
            ]
              .filter(Boolean)
              .join(" · "),
            aside: (
              <Badge variant="outline" title={account.status}>
                {i18n._(ACCOUNT_STATUS_WORDS[accountStatusOf(account.status)])}
              </Badge>
            ),
          };
        }}
      />
    </SectionCard>
  );
}

export function OrdersSection({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useLingui();
  const { items, total } = detail.orders;
  const title = t({ id: "admin.customer.orders", message: "Orders" });
  return (
    <SectionCard title={title} shown={items.length} total={total}>
      <Rows
        label={title}
        items={items}
        empty={t({ id: "admin.customer.orders-empty", message: "No orders." })}
        render={(order) => {
          const orderId = order.id;
          const started = formatDateTime(order.createdAt);
          const paid = order.paidAt ? formatDateTime(order.paidAt) : null;
          return {
            key: order.id,
            title: order.summary || t({ id: "admin.customer.order-untitled", message: `Order ${orderId}` }),
            details: paid
              ? t({ id: "admin.customer.order-started-paid", message: `Started ${started} · paid ${paid}` })
              : t({ id: "admin.customer.order-started", message: `Started ${started}` }),
            aside: (
              <span className="flex flex-col items-end gap-1">
                <span className="tabular-nums">{formatMoney(order.totalCents, order.currency)}</span>
                <Badge variant="outline">{i18n._(ORDER_STATUS_WORDS[order.status])}</Badge>
              </span>
            ),
          };
        }}
      />
    </SectionCard>
  );
}

export function PlansSection({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useLingui();
  const { items, total } = detail.plans;
  const title = t({ id: "admin.customer.plans", message: "Plans" });
  return (
    <SectionCard title={title} shown={items.length} total={total}>
      <Rows
        label={title}
        items={items}
        empty={t({ id: "admin.customer.plans-empty", message: "No plans." })}
        render={(plan) => {
          const end = plan.currentPeriodEnd ? formatDate(plan.currentPeriodEnd) : null;
          const amount = formatMoney(plan.amountCents, plan.currency);
          return {
            key: plan.id,
            title: plan.product,
            details:
              end === null
                ? t({ id: "admin.customer.plan-no-period", message: "No period" })
                : plan.cancelAtPeriodEnd
                  ? t({ id: "admin.customer.plan-ends", message: `Ends ${end}` })
                  : t({ id: "admin.customer.plan-renews", message: `Renews ${end}` }),
            aside: (
              <span className="flex flex-col items-end gap-1">
                <span className="tabular-nums">
                  {t({ id: "admin.customer.plan-per-month", message: `${amount} / month` })}
                </span>
                <Badge variant="outline">{i18n._(PLAN_STATUS_WORDS[plan.status])}</Badge>
              </span>
            ),
          };
        }}
      />
    </SectionCard>
  );
}

export function TransactionsSection({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useLingui();
  const { items, total } = detail.transactions;
  const title = t({ id: "admin.customer.transactions", message: "Transactions" });
  return (
    <SectionCard title={title} shown={items.length} total={total}>
      <Rows
        label={title}
        items={items}
        empty={t({ id: "admin.customer.transactions-empty", message: "No transactions." })}
        render={(row) => {
          const at = formatDateTime(row.occurredAt);
          const eventType =
            row.eventType ?? t({ id: "admin.customer.transaction-no-event-type", message: "no event type" });
          const source = row.source;
          return {
            key: row.id,
            title: `${i18n._(PAYMENT_KIND_WORDS[paymentKindOf(row.eventType)])}${row.product ? ` · ${row.product}` : ""}`,
            details: t({
              id: "admin.customer.transaction-details",
              message: `${at} · ${eventType} · from ${source}`,
            }),
            aside: (
              <span className="tabular-nums">
                {formatMoney(signedAmountCents(row.eventType, row.amountCents), row.currency)}
              </span>
            ),
          };
        }}
      />
    </SectionCard>
  );
}

export function OptimizationsSection({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useLingui();
  const { items, total } = detail.optimizationRequests;
  const title = t({ id: "admin.customer.optimizations", message: "Optimization requests" });
  return (
    <SectionCard title={title} shown={items.length} total={total}>
      <Rows
        label={title}
        items={items}
        empty={t({ id: "admin.customer.optimizations-empty", message: "No optimization requests." })}
        render={(request) => {
          const requestId = request.id;
          const profiles = request.profilesToOptimize;
          const submitted = request.submittedAt ? formatDate(request.submittedAt) : null;
          return {
            key: request.id,
            title:
              request.formName ??
              t({ id: "admin.customer.optimization-untitled", message: `Request ${requestId}` }),
            details: [
              request.companyName,
              profiles === null
                ? null
                : // English says "profiles" even for one, as it always has; other languages may not.
                  t({
                    id: "admin.customer.optimization-profiles",
                    message: plural(profiles, { one: "# profiles", other: "# profiles" }),
                  }),
              submitted
                ? t({ id: "admin.customer.optimization-submitted", message: `submitted ${submitted}` })
                : null,
            ]
              .filter(Boolean)
              .join(" · "),
            aside: <Badge variant="outline">{optimizationStatusText(request.status, i18n)}</Badge>,
          };
        }}
      />
    </SectionCard>
  );
}

export function SyncRunsList({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useLingui();
  return (
    <Rows
      label={t({ id: "admin.customer.sync-history", message: "Sync history" })}
      items={detail.syncRuns.items}
      empty={t({
        id: "admin.customer.sync-history-empty",
        message: "No sync of this customer's records yet.",
      })}
      render={(run) => {
        const { synced, errors } = run;
        const trigger = i18n._(SYNC_RUN_TRIGGER_WORDS[run.trigger]);
        const counts = t({
          id: "admin.customer.sync-run-details",
          message: `${synced} synced, ${plural(errors, { one: "# error", other: "# errors" })} · started by ${trigger}`,
        });
        return {
          key: run.id,
          title: `${formatDateTime(run.startedAt)} · ${i18n._(SYNC_RUN_STATUS_WORDS[run.status])}`,
          details: `${counts}${run.message ? ` · ${run.message}` : ""}`,
        };
      }}
    />
  );
}

export function AuditSection({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useLingui();
  const { items, moreAt } = detail.audit;
  const uid = detail.profile.uid;
  const by = (p: { uid: string; name: string } | null) => {
    if (!p) return t({ id: "admin.customer.audit-by-portal", message: "by the portal" });
    if (p.uid === uid) return t({ id: "admin.customer.audit-by-customer", message: "by the customer" });
    const name = p.name;
    return t({ id: "admin.customer.audit-by", message: `by ${name}` });
  };
  const to = (name: string) => t({ id: "admin.customer.audit-to", message: `to ${name}` });
  const title = t({ id: "admin.customer.audit-trail", message: "Audit trail" });
  return (
    <SectionCard
      title={title}
      actions={
        <Link to={moreAt} className="text-sm font-medium underline underline-offset-4">
          {t({ id: "admin.customer.audit-full-log", message: "Full audit log" })}
        </Link>
      }
    >
      <Rows
        label={title}
        items={items}
        empty={t({ id: "admin.customer.audit-empty", message: "Nothing recorded yet." })}
        render={(entry) => ({
          key: entry.id,
          title: isAuditKind(entry.kind) ? i18n._(AUDIT_KIND_WORDS[entry.kind]) : entry.kind,
          details: [
            formatDateTime(entry.at),
            by(entry.actor),
            entry.subject && entry.subject.uid !== uid ? to(entry.subject.name) : null,
            entry.target,
            entry.detail,
            entry.ipAddress,
          ]
            .filter(Boolean)
            .join(" · "),
        })}
      />
    </SectionCard>
  );
}
