import type { ReactNode } from "react";
import { matchPath } from "react-router";
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

export interface SignedInRoute {
  path: string;
  element: ReactNode;
  /** The sidebar entry (its path) that stands for this page. */
  nav: string;
}

/**
 * The pages only a signed-in user sees; a signed-out visitor on any of them is sent to /login.
 * "/" and unknown paths are not listed: they show the dashboard, or the sign-in screen in place.
 */
export const signedInRoutes: SignedInRoute[] = [
  { path: "/dashboard", element: <DashboardPage />, nav: "/dashboard" },
  { path: "/accounts/linkedin", element: <LinkedinAccountsPage />, nav: "/accounts/linkedin" },
  { path: "/optimization", element: <OptimizationPage />, nav: "/optimization" },
  { path: "/profile-optimization", element: <ProfileOptimizationPage />, nav: "/optimization" },
  { path: "/orders", element: <OrdersPage />, nav: "/orders" },
  { path: "/help-centre", element: <HelpCentrePage />, nav: "/help-centre" },
  { path: "/settings", element: <SettingsPage />, nav: "/settings" },
  { path: "/checkout", element: <CheckoutPage />, nav: "/orders" },
  { path: "/checkout/success", element: <CheckoutSuccessPage />, nav: "/orders" },
  { path: "/billing/transactions", element: <TransactionsPage />, nav: "/billing/transactions" },
  {
    path: "/admin/sync",
    element: (
      <RequireAdmin>
        <AdminSyncPage />
      </RequireAdmin>
    ),
    nav: "/admin/sync",
  },
];

export function findSignedInRoute(pathname: string): SignedInRoute | undefined {
  return signedInRoutes.find((route) => matchPath(route.path, pathname) !== null);
}

/** The sidebar entry to mark as current: the dashboard also stands for "/" and unknown paths. */
export function navEntryFor(pathname: string): string {
  return findSignedInRoute(pathname)?.nav ?? "/dashboard";
}
