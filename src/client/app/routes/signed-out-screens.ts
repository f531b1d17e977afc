/** The screens a signed-out visitor sees (and /pay, open to all), each a chunk of its own. */
import { loadPublicConfig } from "../../lib/public-config";
import { withinFirstDataWait } from "./first-screen";
import { lazyScreen } from "./lazy-screen";

/**
 * A page with "Continue with Google" loads with the configuration, or once it has had the first data
 * wait: the line saying Google sign-in is not offered is then on the page's first paint, instead of
 * moving the form a moment later. The sign-in page's HTML asks for the configuration with the page
 * (first-screen-modules.ts), so it is usually in before the page's chunk.
 */
function withConfiguration<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    const [page] = await Promise.all([load(), withinFirstDataWait(loadPublicConfig())]);
    return page;
  };
}

// The first screen most visitors see loads without tailwind-merge (lib/utils.ts) and without
// TanStack Query (decision 077).
export const LoginPage = lazyScreen(
  withConfiguration(() => import("../../features/auth/pages/login-page")),
  "LoginPage",
  { classMerge: false, queries: false },
);

export const RegisterPage = lazyScreen(
  withConfiguration(() => import("../../features/auth/pages/register-page")),
  "RegisterPage",
);
// Typed by name: the module also exports the "Check your email" that registration shows.
export const RegisterExistingPage = lazyScreen<"RegisterExistingPage", object>(
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
// Its words are in the signed-in catalogue, as its feature's are: the sign-in page does not carry them.
export const NotMePage = lazyScreen(
  () => import("../../features/new-sign-in/pages/not-me-page"),
  "NotMePage",
  {
    audiences: ["signed-in"],
  },
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
