/**
 * The modules each path's first screen loads lazily, named as files under src/client (or a package
 * name): the build writes, for each path, a copy of index.html that asks for their chunks together
 * with the entry (scripts/build/first-screen-preloads.ts), and the server sends that copy for the path
 * (decision 013). Without it, a first visit asks for them only once the entry has arrived and run.
 *
 * Data only, read by the build. It repeats what `preloadSignedInScreen` and
 * `preloadSignedOutScreen` load at start, for a phone (the sidebar column, loaded with a wide
 * screen's first screen, is left to the script): `tests/e2e/first-screen-preloads.spec.ts` fails when
 * a first screen loads a script its HTML does not name, or the HTML names one it does not load.
 */
import type { SignedInPath } from "./paths";

// The signed-in layout, and tailwind-merge, which every screen but the sign-in page waits for.
const SIGNED_IN = ["app/layout/app-layout.tsx", "tailwind-merge"];

/**
 * The paths whose page the server can name by its text: a path with a parameter (a customer's page,
 * `/admin/customers/:uid`) has no page of its own, and its chunks load once the entry has run.
 */
export type FixedPath = Exclude<SignedInPath, `${string}/:${string}`>;

export const firstScreenModules: Record<FixedPath | "/login", readonly string[]> = {
  "/login": ["features/auth/pages/login-page.tsx"],
  "/dashboard": [
    ...SIGNED_IN,
    "features/dashboard/pages/dashboard-page.tsx",
    "features/dashboard/api/prefetch-dashboard.ts",
  ],
  "/accounts/linkedin": [
    ...SIGNED_IN,
    "features/linkedin-accounts/pages/linkedin-accounts-page.tsx",
    "features/linkedin-accounts/api/prefetch-linkedin-accounts.ts",
  ],
  "/accounts/requests": [...SIGNED_IN, "features/replacement-requests/pages/replacement-requests-page.tsx"],
  "/optimization": [...SIGNED_IN, "features/profile-optimizations/pages/optimization-page.tsx"],
  "/profile-optimization": [
    ...SIGNED_IN,
    "features/profile-optimizations/pages/profile-optimization-page.tsx",
  ],
  "/orders": [...SIGNED_IN, "features/shop/pages/orders-page.tsx"],
  "/help-centre": [...SIGNED_IN, "features/help-centre/pages/help-centre-page.tsx"],
  "/settings": [...SIGNED_IN, "features/settings/pages/settings-page.tsx"],
  "/notifications": [...SIGNED_IN, "features/notifications/pages/notifications-page.tsx"],
  "/checkout": [...SIGNED_IN, "features/shop/pages/checkout-page.tsx"],
  "/checkout/success": [...SIGNED_IN, "features/shop/pages/checkout-success-page.tsx"],
  "/checkout/cancelled": [...SIGNED_IN, "features/shop/pages/checkout-cancelled-page.tsx"],
  "/billing/orders": [
    ...SIGNED_IN,
    "features/shop/pages/order-history-page.tsx",
    "features/billing/components/your-plans-card.tsx",
  ],
  "/billing/transactions": [...SIGNED_IN, "features/billing/pages/transactions-page.tsx"],
  "/admin/sync": [...SIGNED_IN, "app/routes/require-admin.tsx", "features/sync/pages/admin-sync-page.tsx"],
  "/admin/payments/unlinked": [
    ...SIGNED_IN,
    "app/routes/require-admin.tsx",
    "features/billing/pages/unlinked-payments-page.tsx",
  ],
  "/admin/outbox": [...SIGNED_IN, "app/routes/require-admin.tsx", "features/admin/pages/outbox-page.tsx"],
  "/admin/customers": [
    ...SIGNED_IN,
    "app/routes/require-admin.tsx",
    "features/admin/pages/customers-page.tsx",
  ],
  "/admin/audit": [...SIGNED_IN, "app/routes/require-admin.tsx", "features/admin/pages/audit-log-page.tsx"],
};

/**
 * The answers a path's first screen waits for that are the same whoever asks: its page asks for them
 * with the page, as index.html does for the session. The sign-in page shows whether Google sign-in
 * is offered (signed-out-screens.ts).
 *
 * @public The build's (vite.config.ts), not the app's.
 */
export const firstScreenRequests: Partial<Record<keyof typeof firstScreenModules, readonly string[]>> = {
  "/login": ["/api/config"],
};
