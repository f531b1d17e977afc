/**
 * The signed-in screens' paths and the sidebar entry each belongs to: one table that the router,
 * the signed-in area and the sidebar read. Data only, so that the layout can read it without
 * importing the pages (and the pages' chunks) that the router attaches to it.
 *
 * A path `openToAll` shows its page to a signed-out visitor too, in a frame of its own instead of
 * the signed-in layout: the payment provider returns whoever paid there, signed in or not.
 */
import { matchPath } from "react-router";

export const signedInPaths = [
  { path: "/dashboard", nav: "/dashboard" },
  { path: "/accounts/linkedin", nav: "/accounts/linkedin" },
  { path: "/accounts/requests", nav: "/accounts/requests" },
  { path: "/optimization", nav: "/optimization" },
  { path: "/profile-optimization", nav: "/optimization" },
  { path: "/orders", nav: "/orders" },
  { path: "/help-centre", nav: "/help-centre" },
  { path: "/settings", nav: "/settings" },
  { path: "/notifications", nav: "/notifications" },
  { path: "/checkout", nav: "/orders" },
  { path: "/checkout/success", nav: "/orders", openToAll: true },
  { path: "/checkout/cancelled", nav: "/orders", openToAll: true },
  { path: "/billing/orders", nav: "/billing/orders" },
  { path: "/billing/transactions", nav: "/billing/transactions" },
  { path: "/admin/sync", nav: "/admin/sync" },
  { path: "/admin/payments/unlinked", nav: "/admin/payments/unlinked" },
  { path: "/admin/outbox", nav: "/admin/outbox" },
  { path: "/admin/customers", nav: "/admin/customers" },
  { path: "/admin/customers/:uid", nav: "/admin/customers" },
  { path: "/admin/audit", nav: "/admin/audit" },
] as const;

export type SignedInPath = (typeof signedInPaths)[number]["path"];

/** Whether the page at this path is shown to signed-out visitors too. */
export function isOpenToAll(path: SignedInPath): boolean {
  return signedInPaths.some((entry) => entry.path === path && "openToAll" in entry && entry.openToAll);
}

/** The signed-in screen at `pathname`, if any. */
export function findSignedInPath(pathname: string) {
  return signedInPaths.find((entry) => matchPath(entry.path, pathname) !== null);
}

/** The sidebar entry to mark as current: the dashboard also stands for "/" and unknown paths. */
export function navEntryFor(pathname: string): string {
  return findSignedInPath(pathname)?.nav ?? "/dashboard";
}
