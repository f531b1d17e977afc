/**
 * The signed-in screens' paths and the sidebar entry each belongs to: one table that the router,
 * the signed-in area and the sidebar read. Data only, so that the layout can read it without
 * importing the pages (and the pages' chunks) that the router attaches to it.
 */
import { matchPath } from "react-router";

export const signedInPaths = [
  { path: "/dashboard", nav: "/dashboard" },
  { path: "/accounts/linkedin", nav: "/accounts/linkedin" },
  { path: "/optimization", nav: "/optimization" },
  { path: "/profile-optimization", nav: "/optimization" },
  { path: "/orders", nav: "/orders" },
  { path: "/help-centre", nav: "/help-centre" },
  { path: "/settings", nav: "/settings" },
  { path: "/checkout", nav: "/orders" },
  { path: "/checkout/success", nav: "/orders" },
  { path: "/billing/transactions", nav: "/billing/transactions" },
  { path: "/admin/sync", nav: "/admin/sync" },
] as const;

export type SignedInPath = (typeof signedInPaths)[number]["path"];

/** The signed-in screen at `pathname`, if any. */
export function findSignedInPath(pathname: string) {
  return signedInPaths.find((entry) => matchPath(entry.path, pathname) !== null);
}

/** The sidebar entry to mark as current: the dashboard also stands for "/" and unknown paths. */
export function navEntryFor(pathname: string): string {
  return findSignedInPath(pathname)?.nav ?? "/dashboard";
}
