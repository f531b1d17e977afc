/**
 * The catalogue's form of the shared tables of words the operator console shows: the audit log's
 * kinds of entry, an account's status and a payment's kind. The shared tables stay English for the
 * server; the console's screens read these, in the page's language. A kind missing here fails the build.
 * Also the words of the portal's own enumerations that a customer's page shows as they are written
 * (an order's, a plan's and a sync run's status, what started a run), in the page's language.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { CustomerDetail } from "../../../../shared/api/admin-customers";
import type { OrderStatus } from "../../../../shared/api/shop";
import type { SubscriptionStatus } from "../../../../shared/api/subscriptions";
import { AUDIT_EVENT_KIND_NAMES, type AuditEventKind } from "../../../../shared/audit/audit-kinds";
import type { PaymentKind } from "../../../../shared/billing/payment-kinds";
import type { AccountStatus } from "../../../../shared/linkedin-account-rules";

/** Every kind of audit entry, as the admin's log, its Kind filter and a customer's audit trail name it. */
export const AUDIT_KIND_WORDS: Record<AuditEventKind, MessageDescriptor> = {
  // Signing in
  "sign-in": msg({ id: "admin.audit.kind.sign-in", message: "Signed in" }),
  "sign-in-failed": msg({ id: "admin.audit.kind.sign-in-failed", message: "Sign-in failed" }),
  "sign-in-refused": msg({ id: "admin.audit.kind.sign-in-refused", message: "Held back: too many attempts" }),
  "sign-in-disowned": msg({
    id: "admin.audit.kind.sign-in-disowned",
    message: 'Sign-in reported: "This wasn\'t me"',
  }),
  "passkey-sign-in-failed": msg({
    id: "admin.audit.kind.passkey-sign-in-failed",
    message: "Passkey sign-in failed",
  }),
  "google-sign-in": msg({ id: "admin.audit.kind.google-sign-in", message: "Signed in with Google" }),
  "google-sign-up": msg({ id: "admin.audit.kind.google-sign-up", message: "Signed up with Google" }),
  // Identity and security
  "google-link": msg({ id: "admin.audit.kind.google-link", message: "Google linked" }),
  "google-unlink": msg({ id: "admin.audit.kind.google-unlink", message: "Google unlinked" }),
  "email-verified": msg({ id: "admin.audit.kind.email-verified", message: "Email verified" }),
  "email-changed": msg({ id: "admin.audit.kind.email-changed", message: "Email changed" }),
  "unproven-access-ended": msg({
    id: "admin.audit.kind.unproven-access-ended",
    message: "Unproven access ended",
  }),
  "password-changed": msg({ id: "admin.audit.kind.password-changed", message: "Password changed" }),
  "password-reset": msg({ id: "admin.audit.kind.password-reset", message: "Password reset" }),
  "totp-enabled": msg({ id: "admin.audit.kind.totp-enabled", message: "Authenticator app turned on" }),
  "totp-disabled": msg({ id: "admin.audit.kind.totp-disabled", message: "Authenticator app turned off" }),
  "recovery-codes-generated": msg({
    id: "admin.audit.kind.recovery-codes-generated",
    message: "Recovery codes generated",
  }),
  "recovery-code-used": msg({ id: "admin.audit.kind.recovery-code-used", message: "Recovery code used" }),
  "passkey-added": msg({ id: "admin.audit.kind.passkey-added", message: "Passkey added" }),
  "passkey-removed": msg({ id: "admin.audit.kind.passkey-removed", message: "Passkey removed" }),
  "step-up": msg({ id: "admin.audit.kind.step-up", message: "Identity confirmed again" }),
  // Secrets and data
  "secret-revealed": msg({ id: "admin.audit.kind.secret-revealed", message: "Secret shown" }),
  "data-exported": msg({ id: "admin.audit.kind.data-exported", message: "Data downloaded" }),
  "login-closed": msg({ id: "admin.audit.kind.login-closed", message: "Portal login closed" }),
  "login-reopened": msg({ id: "admin.audit.kind.login-reopened", message: "Portal login re-opened" }),
  // Replacement requests
  "replacement-requested": msg({
    id: "admin.audit.kind.replacement-requested",
    message: "Replacement request sent",
  }),
  "replacement-request-withdrawn": msg({
    id: "admin.audit.kind.replacement-request-withdrawn",
    message: "Replacement request withdrawn",
  }),
  // Admin actions
  "sync-run": msg({ id: "admin.audit.kind.sync-run", message: "Sync started" }),
  "view-as-started": msg({ id: "admin.audit.kind.view-as-started", message: "Viewing as customer started" }),
  "view-as-stopped": msg({ id: "admin.audit.kind.view-as-stopped", message: "Viewing as customer stopped" }),
  "sessions-ended": msg({ id: "admin.audit.kind.sessions-ended", message: "Sessions ended" }),
  "payment-linked": msg({ id: "admin.audit.kind.payment-linked", message: "Payment linked to customer" }),
  "payment-unlinked": msg({
    id: "admin.audit.kind.payment-unlinked",
    message: "Payment unlinked from customer",
  }),
  "outbox-retried": msg({ id: "admin.audit.kind.outbox-retried", message: "Background job retried" }),
  // The log itself
  "audit-pruned": msg({ id: "admin.audit.kind.audit-pruned", message: "Old audit entries removed" }),
};

/** A kind this version knows the words of; a newer one is shown as it is written. */
export const isAuditKind = (kind: string): kind is AuditEventKind =>
  (AUDIT_EVENT_KIND_NAMES as readonly string[]).includes(kind);

/** The four states the portal reads from an account's status. */
export const ACCOUNT_STATUS_WORDS: Record<AccountStatus, MessageDescriptor> = {
  "signed-in": msg({ id: "admin.account-status.signed-in", message: "Signed In" }),
  "not-signed-in": msg({ id: "admin.account-status.not-signed-in", message: "Not Signed In" }),
  "wrong-password": msg({ id: "admin.account-status.wrong-password", message: "Wrong Password" }),
  restricted: msg({ id: "admin.account-status.restricted", message: "Restricted" }),
};

/** What a payment was. */
export const PAYMENT_KIND_WORDS: Record<PaymentKind, MessageDescriptor> = {
  payment: msg({ id: "admin.payment-kind.payment", message: "Payment" }),
  renewal: msg({ id: "admin.payment-kind.renewal", message: "Renewal" }),
  failed: msg({ id: "admin.payment-kind.failed", message: "Payment failed" }),
  refund: msg({ id: "admin.payment-kind.refund", message: "Refund" }),
  other: msg({ id: "admin.payment-kind.other", message: "Other" }),
};

/** An order's status, as the customer's page writes it (lower case, as the code names it). */
export const ORDER_STATUS_WORDS: Record<OrderStatus, MessageDescriptor> = {
  open: msg({ id: "admin.order-status.open", message: "open" }),
  paid: msg({ id: "admin.order-status.paid", message: "paid" }),
  cancelled: msg({ id: "admin.order-status.cancelled", message: "cancelled" }),
  expired: msg({ id: "admin.order-status.expired", message: "expired" }),
  failed: msg({ id: "admin.order-status.failed", message: "failed" }),
  refunded: msg({ id: "admin.order-status.refunded", message: "refunded" }),
};

/** A plan's status, the payment provider's code written as words. */
export const PLAN_STATUS_WORDS: Record<SubscriptionStatus, MessageDescriptor> = {
  incomplete: msg({ id: "admin.plan-status.incomplete", message: "incomplete" }),
  incomplete_expired: msg({ id: "admin.plan-status.incomplete-expired", message: "incomplete expired" }),
  trialing: msg({ id: "admin.plan-status.trialing", message: "trialing" }),
  active: msg({ id: "admin.plan-status.active", message: "active" }),
  past_due: msg({ id: "admin.plan-status.past-due", message: "past due" }),
  unpaid: msg({ id: "admin.plan-status.unpaid", message: "unpaid" }),
  paused: msg({ id: "admin.plan-status.paused", message: "paused" }),
  canceled: msg({ id: "admin.plan-status.canceled", message: "canceled" }),
};

type SyncRun = CustomerDetail["syncRuns"]["items"][number];

/** How a sync run of the customer's records stands. */
export const SYNC_RUN_STATUS_WORDS: Record<SyncRun["status"], MessageDescriptor> = {
  running: msg({ id: "admin.sync-run-status.running", message: "running" }),
  succeeded: msg({ id: "admin.sync-run-status.succeeded", message: "succeeded" }),
  failed: msg({ id: "admin.sync-run-status.failed", message: "failed" }),
};

/** Who or what started a sync run ("started by admin"). */
export const SYNC_RUN_TRIGGER_WORDS: Record<SyncRun["trigger"], MessageDescriptor> = {
  admin: msg({ id: "admin.sync-run-trigger.admin", message: "admin" }),
  schedule: msg({ id: "admin.sync-run-trigger.schedule", message: "schedule" }),
  customer: msg({ id: "admin.sync-run-trigger.customer", message: "customer" }),
  startup: msg({ id: "admin.sync-run-trigger.startup", message: "startup" }),
};
