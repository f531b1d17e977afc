/**
 * Every screen is its own chunk, so the first load carries only the shell: signed-out visitors never
 * download the signed-in layout and pages, and the other way round.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { loadClassMerge } from "../../lib/utils";

/** A lazy screen whose chunk can be asked for before React first renders it. */
export type PreloadableScreen<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the chunk (once); the render that follows uses the same load. */
  preload(): Promise<unknown>;
};

/** A page's chunk, with tailwind-merge for `cn`: every page but the sign-in page needs it. */
function lazyNamed<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: ComponentType<P> }>,
  name: K,
): PreloadableScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), loadClassMerge()]).then(([module]) => ({ default: module[name] }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

// The first screen most visitors see loads without tailwind-merge (lib/utils.ts).
export const LoginPage = lazy(async () => ({
  default: (await import("../../features/auth/pages/login-page")).LoginPage,
}));
export const RegisterPage = lazyNamed(
  () => import("../../features/auth/pages/register-page"),
  "RegisterPage",
);
export const RegisterExistingPage = lazyNamed(
  () => import("../../features/auth/pages/register-existing-page"),
  "RegisterExistingPage",
);
export const ForgotPasswordPage = lazyNamed(
  () => import("../../features/auth/pages/forgot-password-page"),
  "ForgotPasswordPage",
);
export const ResetPasswordPage = lazyNamed(
  () => import("../../features/auth/pages/reset-password-page"),
  "ResetPasswordPage",
);
export const ConfirmClaimPage = lazyNamed(
  () => import("../../features/auth/pages/confirm-claim-page"),
  "ConfirmClaimPage",
);
export const ConfirmEmailPage = lazyNamed(
  () => import("../../features/auth/pages/confirm-email-page"),
  "ConfirmEmailPage",
);
export const VerifyEmailPage = lazyNamed(
  () => import("../../features/auth/pages/verify-email-page"),
  "VerifyEmailPage",
);
export const PayPage = lazyNamed(() => import("../../features/shop/pages/pay-page"), "PayPage");
export const LoginTestPage = lazyNamed(
  () => import("../../features/auth/pages/login-test-page"),
  "LoginTestPage",
);

// The admin guard is lazy too: its "Access denied" screen uses the design-system button, and the
// first-load bundle does without it.
export const RequireAdmin = lazyNamed(() => import("./require-admin"), "RequireAdmin");
export const AppLayout = lazyNamed(() => import("../layout/app-layout"), "AppLayout");
export const DashboardPage = lazyNamed(
  () => import("../../features/dashboard/pages/dashboard-page"),
  "DashboardPage",
);
export const LinkedinAccountsPage = lazyNamed(
  () => import("../../features/accounts/pages/linkedin-accounts-page"),
  "LinkedinAccountsPage",
);
export const OptimizationPage = lazyNamed(
  () => import("../../features/optimization/pages/optimization-page"),
  "OptimizationPage",
);
export const ProfileOptimizationPage = lazyNamed(
  () => import("../../features/profile-optimization/pages/profile-optimization-page"),
  "ProfileOptimizationPage",
);
export const OrdersPage = lazyNamed(() => import("../../features/shop/pages/orders-page"), "OrdersPage");
export const HelpCentrePage = lazyNamed(
  () => import("../../features/help-centre/pages/help-centre-page"),
  "HelpCentrePage",
);
export const SettingsPage = lazyNamed(
  () => import("../../features/settings/pages/settings-page"),
  "SettingsPage",
);
export const CheckoutPage = lazyNamed(
  () => import("../../features/shop/pages/checkout-page"),
  "CheckoutPage",
);
export const CheckoutSuccessPage = lazyNamed(
  () => import("../../features/shop/pages/checkout-success-page"),
  "CheckoutSuccessPage",
);
export const TransactionsPage = lazyNamed(
  () => import("../../features/billing/pages/transactions-page"),
  "TransactionsPage",
);
export const AdminSyncPage = lazyNamed(
  () => import("../../features/admin/pages/admin-sync-page"),
  "AdminSyncPage",
);
