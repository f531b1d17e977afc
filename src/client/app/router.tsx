import { lazy, type ReactNode, Suspense } from "react";
import { type RouteObject, useRoutes } from "react-router";
import { LoadingScreen } from "./loading-screen";
import { GuestOnly } from "./routes/guest-only";
import { OpenToAllArea } from "./routes/open-to-all-area";
import { SessionGate } from "./routes/session-gate";
import { SignedInArea } from "./routes/signed-in-area";
import { openToAllRoutes, signedInRoutes } from "./routes/signed-in-routes";
import { DashboardPage } from "./routes/signed-in-screens";
import {
  ConfirmClaimPage,
  ConfirmEmailPage,
  ForgotPasswordPage,
  LoginPage,
  NotMePage,
  PayPage,
  RegisterExistingPage,
  RegisterPage,
  ResetPasswordPage,
  VerifyEmailPage,
} from "./routes/signed-out-screens";

// Defined here rather than with the other lazy pages: the route itself shows some of them.
const LoginTestRoute = lazy(async () => ({
  default: (await import("./routes/login-test-route")).LoginTestRoute,
}));

function Loaded({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

/**
 * Spec section 2, "Route access". Declarative routes (useRoutes) rather than a data router: the
 * data router alone would push the first-load bundle past its 100 KB budget, and the app loads its
 * data with TanStack Query, not route loaders.
 */
export const routes: RouteObject[] = [
  // Open to everyone, with or without a session, so they never wait for the session check. The
  // links mailed for an existing-customer claim, a password reset, a new email and a new sign-in work
  // whoever is signed in.
  {
    path: "/pay",
    element: (
      <Loaded>
        <PayPage />
      </Loaded>
    ),
  },
  {
    path: "/register-existing/confirm",
    element: (
      <Loaded>
        <ConfirmClaimPage />
      </Loaded>
    ),
  },
  {
    path: "/settings/confirm-email",
    element: (
      <Loaded>
        <ConfirmEmailPage />
      </Loaded>
    ),
  },
  {
    path: "/verify-email",
    element: (
      <Loaded>
        <VerifyEmailPage />
      </Loaded>
    ),
  },
  {
    path: "/reset-password",
    element: (
      <Loaded>
        <ResetPasswordPage />
      </Loaded>
    ),
  },
  // The new-sign-in mail's "This wasn't me": the owner may be signed out, or signed in elsewhere.
  {
    path: "/not-me",
    element: (
      <Loaded>
        <NotMePage />
      </Loaded>
    ),
  },
  // Outside production only (decision D9); the route itself decides, once it knows the configuration.
  {
    path: "/login-test",
    element: (
      <Loaded>
        <LoginTestRoute />
      </Loaded>
    ),
  },
  {
    element: <SessionGate />,
    children: [
      {
        path: "/login",
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: "/register",
        element: (
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        ),
      },
      {
        path: "/register-existing",
        element: (
          <GuestOnly>
            <RegisterExistingPage />
          </GuestOnly>
        ),
      },
      {
        path: "/forgot-password",
        element: (
          <GuestOnly>
            <ForgotPasswordPage />
          </GuestOnly>
        ),
      },
      // The return from a payment page: the payer may be signed out, or someone else than the customer.
      ...openToAllRoutes.map(({ path, element }) => ({
        path,
        element: <OpenToAllArea>{element}</OpenToAllArea>,
      })),
      {
        element: <SignedInArea />,
        children: [
          { index: true, element: <DashboardPage /> },
          ...signedInRoutes.map(({ path, element }) => ({ path, element })),
          { path: "*", element: <DashboardPage /> },
        ],
      },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
