import { type ReactNode, Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { BrandMark } from "../../components/brand-mark";
import { Spinner } from "../../components/ui/spinner";
import { TooltipProvider } from "../../components/ui/tooltip";
import { useSessionUser } from "../../lib/session";
import { ErrorBoundary } from "../error-boundary";
import { MobileMenu } from "./mobile-menu";
import { SidebarContent } from "./sidebar";

/** The signed-in frame: a fixed sidebar on large screens, a top bar with a menu button below them. */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { user } = useSessionUser();
  const { pathname } = useLocation();
  // The signed-in area renders this layout only with a user; this keeps the types honest.
  if (user === null) return null;

  // Tooltips are provided here rather than at the root: no signed-out screen has one, and Radix
  // Tooltip with its positioning engine stays out of the sign-in page's first load.
  return (
    <TooltipProvider>
      <div className="min-h-svh bg-background">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg focus:ring-[3px] focus:ring-ring/50"
        >
          Skip to main content
        </a>
        <div className="hidden border-r border-sidebar-border lg:fixed lg:inset-y-0 lg:flex lg:w-64 lg:flex-col">
          <SidebarContent user={user} />
        </div>
        <div className="lg:pl-64">
          <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 lg:hidden">
            <MobileMenu user={user} />
            <BrandMark />
          </header>
          <main
            id="main-content"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-10"
          >
            {/* Keyed by path so that a failed page clears once the user navigates elsewhere. */}
            <ErrorBoundary key={pathname} name="page">
              <Suspense
                fallback={
                  <div className="flex justify-center py-24">
                    <Spinner label="Loading page" />
                  </div>
                }
              >
                {children ?? <Outlet />}
              </Suspense>
            </ErrorBoundary>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
