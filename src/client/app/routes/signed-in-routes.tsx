import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { CurrentUser } from "../../../shared/api/user";
import { whenSessionAnswered } from "../../lib/session";
import { matchesMedia } from "../../lib/use-media-query";
import { SidebarColumn, WIDE_LAYOUT_QUERY } from "../layout/layout-parts";
import { holdFirstScreen } from "./first-screen";
import type { PreloadableScreen } from "./lazy-screen";
import { findSignedInPath, isOpenToAll, type SignedInPath, signedInPaths } from "./paths";
import {
  AdminSyncPage,
  AppLayout,
  AuditLogPage,
  CheckoutCancelledPage,
  CheckoutPage,
  CheckoutSuccessPage,
  CustomerPage,
  CustomersPage,
  DashboardPage,
  HelpCentrePage,
  LinkedinAccountsPage,
  NeedsAttentionCard,
  NotificationsPage,
  OptimizationPage,
  OrderHistoryPage,
  OrdersPage,
  OutboxPage,
  ProfileOptimizationPage,
  ReplacementRequestsPage,
  RequireAdmin,
  SettingsPage,
  TransactionsPage,
  UnlinkedPaymentsPage,
  YourPlansCard,
} from "./signed-in-screens";

/**
 * The page of each signed-in path (paths.ts); a signed-out visitor on any of them is sent to
 * /login, except on those open to all, which show their page to everyone. "/" and unknown paths
 * are not listed: they show the dashboard, or the sign-in screen.
 */
const pages: Record<SignedInPath, ReactNode> = {
  "/dashboard": <DashboardPage forAdmins={<NeedsAttentionCard />} />,
  "/accounts/linkedin": <LinkedinAccountsPage />,
  "/accounts/requests": <ReplacementRequestsPage />,
  "/optimization": <OptimizationPage />,
  "/profile-optimization": <ProfileOptimizationPage />,
  "/orders": <OrdersPage />,
  "/help-centre": <HelpCentrePage />,
  "/settings": <SettingsPage />,
  "/notifications": <NotificationsPage />,
  "/checkout": <CheckoutPage />,
  "/checkout/success": <CheckoutSuccessPage />,
  "/checkout/cancelled": <CheckoutCancelledPage />,
  "/billing/orders": <OrderHistoryPage plans={<YourPlansCard />} />,
  "/billing/transactions": <TransactionsPage />,
  "/admin/sync": (
    <RequireAdmin>
      <AdminSyncPage />
    </RequireAdmin>
  ),
  "/admin/payments/unlinked": (
    <RequireAdmin>
      <UnlinkedPaymentsPage />
    </RequireAdmin>
  ),
  "/admin/outbox": (
    <RequireAdmin>
      <OutboxPage />
    </RequireAdmin>
  ),
  "/admin/customers": (
    <RequireAdmin>
      <CustomersPage />
    </RequireAdmin>
  ),
  "/admin/customers/:uid": (
    <RequireAdmin>
      <CustomerPage />
    </RequireAdmin>
  ),
  "/admin/audit": (
    <RequireAdmin>
      <AuditLogPage />
    </RequireAdmin>
  ),
};

const routeOf = ({ path }: { path: SignedInPath }) => ({ path, element: pages[path] });
export const signedInRoutes = signedInPaths.filter(({ path }) => !isOpenToAll(path)).map(routeOf);
/** The pages shown signed in (in the signed-in layout) and signed out (in a frame of their own). */
export const openToAllRoutes = signedInPaths.filter(({ path }) => isOpenToAll(path)).map(routeOf);

/** The chunks each signed-in path renders inside the layout. */
const screens: Record<SignedInPath, Pick<PreloadableScreen<object>, "preload">[]> = {
  "/dashboard": [DashboardPage],
  "/accounts/linkedin": [LinkedinAccountsPage],
  "/accounts/requests": [ReplacementRequestsPage],
  "/optimization": [OptimizationPage],
  "/profile-optimization": [ProfileOptimizationPage],
  "/orders": [OrdersPage],
  "/help-centre": [HelpCentrePage],
  "/settings": [SettingsPage],
  "/notifications": [NotificationsPage],
  "/checkout": [CheckoutPage],
  "/checkout/success": [CheckoutSuccessPage],
  "/checkout/cancelled": [CheckoutCancelledPage],
  "/billing/orders": [OrderHistoryPage, YourPlansCard],
  "/billing/transactions": [TransactionsPage],
  "/admin/sync": [RequireAdmin, AdminSyncPage],
  "/admin/payments/unlinked": [RequireAdmin, UnlinkedPaymentsPage],
  "/admin/outbox": [RequireAdmin, OutboxPage],
  "/admin/customers": [RequireAdmin, CustomersPage],
  "/admin/customers/:uid": [RequireAdmin, CustomerPage],
  "/admin/audit": [RequireAdmin, AuditLogPage],
};

type ScreenData = {
  /** Settles once the answers (or failures) are in. */
  prefetchScreenData(queryClient: QueryClient, user: CurrentUser): Promise<void>;
};

/**
 * The data a signed-in path shows first: in a small chunk of its own, or, for the dashboard, with the
 * page's chunk, which the list screens' shared chunk would otherwise make them load too.
 */
const screenData: Partial<Record<SignedInPath, () => Promise<ScreenData>>> = {
  "/dashboard": () => import("../../features/dashboard/pages/dashboard-page"),
  "/accounts/linkedin": () => import("../../features/linkedin-accounts/api/prefetch-linkedin-accounts"),
};

/**
 * Asks for the layout's and the page's chunks of a signed-in path at start, so that they load
 * while the session is checked instead of one after the other once it has answered, and for the
 * data the page shows first as soon as the session names the user, instead of once the page has
 * rendered (decision 013); the first screen waits a moment for that data (first-screen.ts). Only
 * for the signed-in paths themselves: "/" and unknown paths show the sign-in screen to a visitor
 * who is signed out, and must not cost them the signed-in chunks. A chunk that fails to load fails
 * again when the page renders, which shows the error; so does a failed prefetch, whose query the
 * page runs again.
 */
export function preloadSignedInScreen(pathname: string): void {
  const entry = findSignedInPath(pathname);
  if (!entry) return;
  // A wide screen shows the sidebar column with the page; a narrow one shows a menu button.
  const layout = matchesMedia(WIDE_LAYOUT_QUERY) ? [AppLayout, SidebarColumn] : [AppLayout];
  const chunks = [...layout, ...screens[entry.path]].map((screen) => screen.preload({ firstScreen: true }));
  const loadData = screenData[entry.path];
  const data = loadData
    ? Promise.all([loadData(), import("../../lib/query-client"), whenSessionAnswered()])
        .then(([module, { queryClient }, user]) =>
          user ? module.prefetchScreenData(queryClient, user) : undefined,
        )
        .catch(() => {})
    : undefined;
  holdFirstScreen(chunks, data);
}
