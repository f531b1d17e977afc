import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import type { CustomerDetail } from "../../../../shared/api/admin-customers";
import {
  AUDIT_EVENT_KIND_NAMES,
  AUDIT_EVENT_KINDS,
  type AuditEventKind,
} from "../../../../shared/audit/audit-kinds";
import {
  PAYMENT_KIND_LABELS,
  paymentKindOf,
  signedAmountCents,
} from "../../../../shared/billing/payment-kinds";
import { ACCOUNT_STATUS_LABELS, accountStatusOf } from "../../../../shared/linkedin-account-rules";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatCount, formatDate, formatDateTime } from "../../../lib/format";
import { formatMoney } from "../../../lib/money";
import { totalPaidText } from "./customer-badges";

/** A kind this version knows the words of; a newer one is shown as it is written. */
const isAuditKind = (kind: string): kind is AuditEventKind =>
  (AUDIT_EVENT_KIND_NAMES as readonly string[]).includes(kind);

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
  const titleId = useId();
  const counted =
    total === undefined
      ? null
      : shown !== undefined && shown < total
        ? `The newest ${formatCount(shown)} of ${formatCount(total)}`
        : `${formatCount(total)} in all`;
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
  const { profile } = detail;
  return (
    <SectionCard title="Profile">
      <Facts
        items={[
          [
            "UID",
            <span key="uid" className="font-mono text-xs">
              {profile.uid}
            </span>,
          ],
          ["Email", profile.email],
          ["Username", profile.username ?? "—"],
          ["Role", profile.role === "admin" ? "Admin" : "Customer"],
          ["Registered", formatDate(profile.createdAt)],
          ["Email verified", when(profile.emailVerifiedAt, "Not verified")],
          [
            "Operator's base",
            profile.linkedToBase
              ? `Linked, last synced ${when(profile.lastSyncedAt, "never")}`
              : "Not linked",
          ],
          ["Last sign-in", when(profile.lastSignInAt, "Never")],
          ["Total paid", totalPaidText(profile.totalPaid)],
          ["Failed payments", profile.failedPayments ? "Yes" : "None"],
          ["Login closed", when(profile.closedAt, "No")],
        ]}
      />
    </SectionCard>
  );
}

export function SignInMethodsSection({ detail }: { detail: CustomerDetail }) {
  const methods = detail.signInMethods;
  const onOff = (on: boolean) =>
    on ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>;
  return (
    <SectionCard title="Sign-in methods">
      <Facts
        items={[
          ["Password", onOff(methods.password)],
          ["Authenticator app", onOff(methods.authenticator)],
          ["Passkeys", methods.passkeys === 0 ? onOff(false) : formatCount(methods.passkeys)],
          ["Google", onOff(methods.google)],
        ]}
      />
    </SectionCard>
  );
}

export function SessionsList({ detail }: { detail: CustomerDetail }) {
  return (
    <Rows
      label="Sessions"
      items={detail.sessions.items}
      empty="No live sessions: the customer is signed in nowhere."
      render={(session) => ({
        key: session.id,
        title: session.device,
        details: `${session.ipAddress ?? "Unknown address"} · signed in ${formatDateTime(session.signedInAt)}`,
        aside: <span className="text-xs">Last seen {formatDateTime(session.lastSeenAt)}</span>,
      })}
    />
  );
}

export function AccountsSection({ detail }: { detail: CustomerDetail }) {
  const { items, total } = detail.linkedinAccounts;
  return (
    <SectionCard title="LinkedIn accounts" shown={items.length} total={total}>
      <Rows
        label="LinkedIn accounts"
        items={items}
        empty="No LinkedIn accounts."
        render={(account) => ({
          key: account.id,
          title:
            [account.firstName, account.lastName].filter(Boolean).join(" ") ||
            account.linkedinEmail ||
            "Unnamed",
          details: [
            account.accountType,
            account.linkedinEmail,
            account.proxyCountry ? `proxy ${account.proxyCountry}` : null,
            account.twoFaStatus ? `2FA ${account.twoFaStatus}` : null,
            account.isPremium ? "premium" : null,
            account.isVerified ? "verified" : null,
          ]
            .filter(Boolean)
            .join(" · "),
          aside: (
            <Badge variant="outline" title={account.status}>
              {ACCOUNT_STATUS_LABELS[accountStatusOf(account.status)]}
            </Badge>
          ),
        })}
      />
    </SectionCard>
  );
}

export function OrdersSection({ detail }: { detail: CustomerDetail }) {
  const { items, total } = detail.orders;
  return (
    <SectionCard title="Orders" shown={items.length} total={total}>
      <Rows
        label="Orders"
        items={items}
        empty="No orders."
        render={(order) => ({
          key: order.id,
          title: order.summary || `Order ${order.id}`,
          details: `Started ${formatDateTime(order.createdAt)}${order.paidAt ? ` · paid ${formatDateTime(order.paidAt)}` : ""}`,
          aside: (
            <span className="flex flex-col items-end gap-1">
              <span className="tabular-nums">{formatMoney(order.totalCents, order.currency)}</span>
              <Badge variant="outline">{order.status}</Badge>
            </span>
          ),
        })}
      />
    </SectionCard>
  );
}

export function PlansSection({ detail }: { detail: CustomerDetail }) {
  const { items, total } = detail.plans;
  return (
    <SectionCard title="Plans" shown={items.length} total={total}>
      <Rows
        label="Plans"
        items={items}
        empty="No plans."
        render={(plan) => ({
          key: plan.id,
          title: plan.product,
          details: plan.currentPeriodEnd
            ? `${plan.cancelAtPeriodEnd ? "Ends" : "Renews"} ${formatDate(plan.currentPeriodEnd)}`
            : "No period",
          aside: (
            <span className="flex flex-col items-end gap-1">
              <span className="tabular-nums">{formatMoney(plan.amountCents, plan.currency)} / month</span>
              <Badge variant="outline">{plan.status.replace(/_/g, " ")}</Badge>
            </span>
          ),
        })}
      />
    </SectionCard>
  );
}

export function TransactionsSection({ detail }: { detail: CustomerDetail }) {
  const { items, total } = detail.transactions;
  return (
    <SectionCard title="Transactions" shown={items.length} total={total}>
      <Rows
        label="Transactions"
        items={items}
        empty="No transactions."
        render={(row) => ({
          key: row.id,
          title: `${PAYMENT_KIND_LABELS[paymentKindOf(row.eventType)]}${row.product ? ` · ${row.product}` : ""}`,
          details: `${formatDateTime(row.occurredAt)} · ${row.eventType ?? "no event type"} · from ${row.source}`,
          aside: (
            <span className="tabular-nums">
              {formatMoney(signedAmountCents(row.eventType, row.amountCents), row.currency)}
            </span>
          ),
        })}
      />
    </SectionCard>
  );
}

export function OptimizationsSection({ detail }: { detail: CustomerDetail }) {
  const { items, total } = detail.optimizationRequests;
  return (
    <SectionCard title="Optimization requests" shown={items.length} total={total}>
      <Rows
        label="Optimization requests"
        items={items}
        empty="No optimization requests."
        render={(request) => ({
          key: request.id,
          title: request.formName ?? `Request ${request.id}`,
          details: [
            request.companyName,
            request.profilesToOptimize === null ? null : `${request.profilesToOptimize} profiles`,
            request.submittedAt ? `submitted ${formatDate(request.submittedAt)}` : null,
          ]
            .filter(Boolean)
            .join(" · "),
          aside: <Badge variant="outline">{request.status.replace(/_/g, " ")}</Badge>,
        })}
      />
    </SectionCard>
  );
}

export function SyncRunsList({ detail }: { detail: CustomerDetail }) {
  return (
    <Rows
      label="Sync history"
      items={detail.syncRuns.items}
      empty="No sync of this customer's records yet."
      render={(run) => ({
        key: run.id,
        title: `${formatDateTime(run.startedAt)} · ${run.status}`,
        details: `${run.synced} synced, ${run.errors} ${run.errors === 1 ? "error" : "errors"} · started by ${run.trigger}${run.message ? ` · ${run.message}` : ""}`,
      })}
    />
  );
}

export function AuditSection({ detail }: { detail: CustomerDetail }) {
  const { items, moreAt } = detail.audit;
  const uid = detail.profile.uid;
  const person = (p: { uid: string; name: string } | null) =>
    p ? (p.uid === uid ? "the customer" : p.name) : "the portal";
  return (
    <SectionCard
      title="Audit trail"
      actions={
        <Link to={moreAt} className="text-sm font-medium underline underline-offset-4">
          Full audit log
        </Link>
      }
    >
      <Rows
        label="Audit trail"
        items={items}
        empty="Nothing recorded yet."
        render={(entry) => ({
          key: entry.id,
          title: isAuditKind(entry.kind) ? AUDIT_EVENT_KINDS[entry.kind] : entry.kind,
          details: [
            formatDateTime(entry.at),
            `by ${person(entry.actor)}`,
            entry.subject && entry.subject.uid !== uid ? `to ${entry.subject.name}` : null,
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
