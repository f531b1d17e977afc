/** The screens a signed-out visitor sees (and /pay, open to all), each a chunk of its own. */
import { lazyScreen } from "./lazy-screen";

// The first screen most visitors see loads without tailwind-merge (lib/utils.ts).
export const LoginPage = lazyScreen(() => import("../../features/auth/pages/login-page"), "LoginPage", {
  classMerge: false,
});

export const RegisterPage = lazyScreen(
  () => import("../../features/auth/pages/register-page"),
  "RegisterPage",
);
export const RegisterExistingPage = lazyScreen(
  () => import("../../features/auth/pages/register-existing-page"),
  "RegisterExistingPage",
);
export const ForgotPasswordPage = lazyScreen(
  () => import("../../features/auth/pages/forgot-password-page"),
  "ForgotPasswordPage",
);
export const ResetPasswordPage = lazyScreen(
  () => import("../../features/auth/pages/reset-password-page"),
  "ResetPasswordPage",
);
export const ConfirmClaimPage = lazyScreen(
  () => import("../../features/auth/pages/confirm-claim-page"),
  "ConfirmClaimPage",
);
export const ConfirmEmailPage = lazyScreen(
  () => import("../../features/auth/pages/confirm-email-page"),
  "ConfirmEmailPage",
);
export const VerifyEmailPage = lazyScreen(
  () => import("../../features/auth/pages/verify-email-page"),
  "VerifyEmailPage",
);
export const PayPage = lazyScreen(() => import("../../features/shop/pages/pay-page"), "PayPage");
export const LoginTestPage = lazyScreen(
  () => import("../../features/auth/pages/login-test-page"),
  "LoginTestPage",
);

/**
 * Asks for the sign-in page's chunk at start on /login, while the session is checked, instead of
 * once the check has answered: the page then renders at once, without the loading screen between
 * (decision 013). Someone already signed in is sent on to the dashboard, whose screens load the
 * same shared chunk.
 */
export function preloadSignedOutScreen(pathname: string): void {
  if (pathname === "/login") LoginPage.preload().catch(() => {});
}
