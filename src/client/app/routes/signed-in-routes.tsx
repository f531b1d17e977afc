import type { ReactNode } from "react";
import type { PreloadableScreen } from "./lazy-screen";
import { findSignedInPath, type SignedInPath, signedInPaths } from "./paths";
import {
  AdminSyncPage,
  AppLayout,
  CheckoutPage,
  CheckoutSuccessPage,
  DashboardPage,
  HelpCentrePage,
  LinkedinAccountsPage,
  OptimizationPage,
  OrdersPage,
  ProfileOptimizationPage,
  RequireAdmin,
  SettingsPage,
  TransactionsPage,
} from "./signed-in-screens";

/**
 * The page of each signed-in path (paths.ts); a signed-out visitor on any of them is sent to
 * /login. "/" and unknown paths are not listed: they show the dashboard, or the sign-in screen.
 */
const pages: Record<SignedInPath, ReactNode> = {
  "/dashboard": <DashboardPage />,
  "/accounts/linkedin": <LinkedinAccountsPage />,
  "/optimization": <OptimizationPage />,
  "/profile-optimization": <ProfileOptimizationPage />,
  "/orders": <OrdersPage />,
  "/help-centre": <HelpCentrePage />,
  "/settings": <SettingsPage />,
  "/checkout": <CheckoutPage />,
  "/checkout/success": <CheckoutSuccessPage />,
  "/billing/transactions": <TransactionsPage />,
  "/admin/sync": (
    <RequireAdmin>
      <AdminSyncPage />
    </RequireAdmin>
  ),
};

export const signedInRoutes = signedInPaths.map(({ path }) => ({ path, element: pages[path] }));

/** The chunks each signed-in path renders inside the layout. */
const screens: Record<SignedInPath, Pick<PreloadableScreen<object>, "preload">[]> = {
  "/dashboard": [DashboardPage],
  "/accounts/linkedin": [LinkedinAccountsPage],
  "/optimization": [OptimizationPage],
  "/profile-optimization": [ProfileOptimizationPage],
  "/orders": [OrdersPage],
  "/help-centre": [HelpCentrePage],
  "/settings": [SettingsPage],
  "/checkout": [CheckoutPage],
  "/checkout/success": [CheckoutSuccessPage],
  "/billing/transactions": [TransactionsPage],
  "/admin/sync": [RequireAdmin, AdminSyncPage],
};

/**
 * Asks for the layout's and the page's chunks of a signed-in path at start, so that they load
 * while the session is checked instead of one after the other once it has answered (decision 013).
 * Only for the signed-in paths themselves: "/" and unknown paths show the sign-in screen to a
 * visitor who is signed out, and must not cost them the signed-in chunks. A chunk that fails to
 * load fails again when the page renders, which shows the error.
 */
export function preloadSignedInScreen(pathname: string): void {
  const entry = findSignedInPath(pathname);
  if (!entry) return;
  for (const screen of [AppLayout, ...screens[entry.path]]) void screen.preload().catch(() => {});
}
