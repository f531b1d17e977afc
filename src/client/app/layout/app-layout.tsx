import { useLingui } from "@lingui/react/macro";
import { type ReactNode, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { BrandMark } from "../../components/brand-mark";
import { FreshProofHost } from "../../components/fresh-proof-host";
import { Spinner } from "../../components/ui/spinner";
import { NotificationBell } from "../../features/notifications/components/notification-bell";
import { useSessionUser } from "../../lib/session";
import { useMediaQuery } from "../../lib/use-media-query";
import { ErrorBoundary } from "../error-boundary";
import { SidebarColumn, WIDE_LAYOUT_QUERY } from "./layout-parts";
import { MobileMenu } from "./mobile-menu";
import { ViewingBanner } from "./viewing-banner";

/**
 * The signed-in frame: a fixed sidebar on large screens, a top bar with a menu button below them.
 * Only the one the screen shows is rendered, so that a phone never loads the sidebar column's code
 * for its first screen (layout-parts.ts).
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  const { user } = useSessionUser();
  const { pathname } = useLocation();
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  // The signed-in area renders this layout only with a user; this keeps the types honest.
  if (user === null) return null;

  return (
    <div className="min-h-svh bg-background">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:ring-[3px] focus:ring-ring/50"
      >
        {t({ id: "layout.skip-to-content", message: "Skip to main content" })}
      </a>
      {wide ? (
        <div className="fixed inset-y-0 flex w-64 flex-col border-r border-sidebar-border">
          {/* Preloaded with the first screen on a wide one; after a resize it may take a moment. */}
          <Suspense fallback={<div className="h-full bg-sidebar" />}>
            <SidebarColumn user={user} headerAction={<NotificationBell />} />
          </Suspense>
        </div>
      ) : (
        <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80">
          <MobileMenu user={user} />
          <BrandMark />
          <div className="ml-auto">
            <NotificationBell />
          </div>
        </header>
      )}
      <div className={wide ? "pl-64" : undefined}>
        <ViewingBanner user={user} />
        <main
          id="main-content"
          // The path it shows, which the menu waits for before focusing the heading of a page chosen there.
          data-page={pathname}
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-10"
        >
          {/* Keyed by path so that a failed page clears once the user navigates elsewhere. */}
          <ErrorBoundary key={pathname} name="page">
            <Suspense
              fallback={
                <div className="flex justify-center py-24">
                  <Spinner label={t({ id: "layout.loading-page", message: "Loading page" })} />
                </div>
              }
            >
              {children ?? <Outlet />}
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      <FreshProofHost />
    </div>
  );
}
