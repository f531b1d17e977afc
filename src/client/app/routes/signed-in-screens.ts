/**
 * The signed-in layout and the screens inside it, each a chunk of its own. The build reads this file
 * to know which screens are signed in (every module imported lazily here is one): the icons that
 * only they use go into a chunk of their own (scripts/build/icon-chunks.ts, decision 013).
 */
import { lazyScreen } from "./lazy-screen";

// Each waits for the signed-in screens' messages too (decision 052), and the console's screens for
// the console's own as well: a customer's pages never download those.
const SIGNED_IN = { audiences: ["signed-in"] } as const;
const CONSOLE = { audiences: ["signed-in", "admin"] } as const;

// The admin guard is lazy too: its "Access denied" screen uses the design-system button, and the
// first-load bundle does without it.
export const RequireAdmin = lazyScreen(() => import("./require-admin"), "RequireAdmin", SIGNED_IN);
export const AppLayout = lazyScreen(() => import("../layout/app-layout"), "AppLayout", SIGNED_IN);
export const DashboardPage = lazyScreen(
  () => import("../../features/dashboard/pages/dashboard-page"),
  "DashboardPage",
  SIGNED_IN,
);
export const LinkedinAccountsPage = lazyScreen(
  () => import("../../features/linkedin-accounts/pages/linkedin-accounts-page"),
  "LinkedinAccountsPage",
  SIGNED_IN,
);
export const ReplacementRequestsPage = lazyScreen(
  () => import("../../features/replacement-requests/pages/replacement-requests-page"),
  "ReplacementRequestsPage",
  SIGNED_IN,
);
export const OptimizationPage = lazyScreen(
  () => import("../../features/profile-optimizations/pages/optimization-page"),
  "OptimizationPage",
  SIGNED_IN,
);
export const ProfileOptimizationPage = lazyScreen(
  () => import("../../features/profile-optimizations/pages/profile-optimization-page"),
  "ProfileOptimizationPage",
  SIGNED_IN,
);
export const OrdersPage = lazyScreen(
  () => import("../../features/shop/pages/orders-page"),
  "OrdersPage",
  SIGNED_IN,
);
export const HelpCentrePage = lazyScreen(
  () => import("../../features/help-centre/pages/help-centre-page"),
  "HelpCentrePage",
  SIGNED_IN,
);
export const SettingsPage = lazyScreen(
  () => import("../../features/settings/pages/settings-page"),
  "SettingsPage",
  SIGNED_IN,
);
export const NotificationsPage = lazyScreen(
  () => import("../../features/notifications/pages/notifications-page"),
  "NotificationsPage",
  SIGNED_IN,
);
export const CheckoutPage = lazyScreen(
  () => import("../../features/shop/pages/checkout-page"),
  "CheckoutPage",
  SIGNED_IN,
);
export const CheckoutSuccessPage = lazyScreen(
  () => import("../../features/shop/pages/checkout-success-page"),
  "CheckoutSuccessPage",
  SIGNED_IN,
);
export const CheckoutCancelledPage = lazyScreen(
  () => import("../../features/shop/pages/checkout-cancelled-page"),
  "CheckoutCancelledPage",
  SIGNED_IN,
);
export const OrderHistoryPage = lazyScreen(
  () => import("../../features/shop/pages/order-history-page"),
  "OrderHistoryPage",
  SIGNED_IN,
);
/** The billing feature's plans card, placed by the app on the order history too. */
export const YourPlansCard = lazyScreen<"YourPlansCard", { withManageBilling?: boolean }>(
  () => import("../../features/billing/components/your-plans-card"),
  "YourPlansCard",
  SIGNED_IN,
);
export const TransactionsPage = lazyScreen(
  () => import("../../features/billing/pages/transactions-page"),
  "TransactionsPage",
  SIGNED_IN,
);
export const AdminSyncPage = lazyScreen(
  () => import("../../features/sync/pages/admin-sync-page"),
  "AdminSyncPage",
  CONSOLE,
);
export const UnlinkedPaymentsPage = lazyScreen(
  () => import("../../features/billing/pages/unlinked-payments-page"),
  "UnlinkedPaymentsPage",
  CONSOLE,
);
export const OutboxPage = lazyScreen(
  () => import("../../features/admin/pages/outbox-page"),
  "OutboxPage",
  CONSOLE,
);
/** The admin's "Needs attention" card, placed by the app on the dashboard: customers never load it. */
export const NeedsAttentionCard = lazyScreen(
  () => import("../../features/admin/components/needs-attention-card"),
  "NeedsAttentionCard",
  CONSOLE,
);
export const CustomersPage = lazyScreen(
  () => import("../../features/admin/pages/customers-page"),
  "CustomersPage",
  CONSOLE,
);
export const CustomerPage = lazyScreen(
  () => import("../../features/admin/pages/customer-page"),
  "CustomerPage",
  CONSOLE,
);
export const AuditLogPage = lazyScreen(
  () => import("../../features/admin/pages/audit-log-page"),
  "AuditLogPage",
  CONSOLE,
);
