import type { ReactNode } from "react";
import {
  AdminSyncPage,
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
} from "./lazy-pages";
import { type SignedInPath, signedInPaths } from "./paths";

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
