import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { CurrentUser } from "../../../shared/api/user";
import { BrandMark } from "../../components/brand-mark";
import { TooltipProvider } from "../../components/ui/tooltip";
import { usePublicConfig } from "../../lib/public-config";
import { navEntryFor } from "../routes/paths";
import { SidebarNav } from "./sidebar-nav";
import { UserBlock } from "./user-block";

/**
 * Everything the sidebar holds; the desktop column and the mobile slide-over both render it. Its
 * coming-soon entries are the signed-in screens' only tooltips, so their provider is here, and Radix
 * Tooltip with its positioning engine loads with the sidebar (decision 013).
 */
export function SidebarContent({
  user,
  onNavigate,
  headerAction,
}: {
  user: CurrentUser;
  onNavigate?: () => void;
  /** Beside the brand at the top: the notifications bell in the desktop column. */
  headerAction?: ReactNode;
}) {
  const { pathname } = useLocation();
  const config = usePublicConfig();
  return (
    <TooltipProvider>
      <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
        <div className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-sidebar-border pr-3 pl-5">
          <Link
            to="/dashboard"
            onClick={onNavigate}
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <BrandMark />
          </Link>
          {headerAction}
        </div>
        <SidebarNav
          current={navEntryFor(pathname)}
          isAdmin={user.role === "admin"}
          knowledgeBaseUrl={config.data?.knowledgeBaseUrl}
          onNavigate={onNavigate}
        />
        <UserBlock user={user} />
      </div>
    </TooltipProvider>
  );
}
