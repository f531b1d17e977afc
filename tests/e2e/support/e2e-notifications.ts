/**
 * The notifications the e2e server starts with (start-server.ts writes them): three unread and one
 * read for each of the notified users, the newest first in the list. Each user's entries name the
 * user, so a test can see that nobody reads another's.
 */
import type { NotificationKind } from "../../../src/shared/api/notifications";

export interface E2eNotification {
  kind: NotificationKind;
  detail: Record<string, string | number | null>;
  link: string | null;
  read: boolean;
  /** How long before the start of the run it happened. */
  minutesAgo: number;
}

export function e2eNotificationsFor(owner: string): E2eNotification[] {
  return [
    {
      kind: "account_status_changed",
      detail: { account: `${owner} Jane`, from: "Signed In", to: "Restricted - Submit ID" },
      link: "/accounts/linkedin",
      read: false,
      minutesAgo: 3 * 24 * 60,
    },
    {
      kind: "payment_failed",
      detail: { amount: 9800, currency: "USD", product: null },
      link: "/billing/transactions",
      read: true,
      minutesAgo: 26 * 60,
    },
    {
      kind: "payment_refunded",
      detail: { amount: 4000, currency: "USD", product: null },
      link: null,
      read: false,
      minutesAgo: 3 * 60,
    },
    {
      kind: "optimization_status_changed",
      detail: { optimization: `${owner} Acme`, from: "submitted", to: "in_progress" },
      link: "/optimization",
      read: false,
      minutesAgo: 5,
    },
  ];
}
