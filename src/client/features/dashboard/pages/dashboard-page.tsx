import { useLingui } from "@lingui/react/macro";
import { ShoppingCart } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AfterFirstScreen } from "../../../components/after-first-screen";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { useSessionUser } from "../../../lib/session";
import { useAccountCounts } from "../api/get-account-counts";
import { AccountStatusCard } from "../components/account-status-card";
import { CountCards } from "../components/count-cards";
import { QuickActionsCard } from "../components/quick-actions-card";
import { RecentActivityCard } from "../components/recent-activity-card";
import { VerifyEmailNotice } from "../components/verify-email-notice";
import { WelcomeBanner } from "../components/welcome-banner";

/**
 * The dashboard. `forAdmins` (the app's lazy "Needs attention" card) shows to admins only, after the
 * first screen: it is never rendered for a customer, so its code never reaches them.
 */
export function DashboardPage({ forAdmins }: { forAdmins?: ReactNode }) {
  const { t } = useLingui();
  const { user } = useSessionUser();
  const counts = useAccountCounts(user?.uid);
  return (
    <div className="space-y-6">
      <PageHeader
        title={t({ id: "dashboard.title", message: "Dashboard" })}
        description={t({
          id: "dashboard.description",
          message: "An overview of your accounts, orders and recent activity.",
        })}
        actions={
          <Button asChild>
            <Link to="/orders">
              <ShoppingCart aria-hidden="true" />
              {t({ id: "dashboard.place-order", message: "Place Order" })}
            </Link>
          </Button>
        }
      />
      {user && !user.emailVerified ? <VerifyEmailNotice key={`verify-${user.uid}`} user={user} /> : null}
      {user ? <WelcomeBanner key={user.uid} user={user} accountCount={counts.data?.length} /> : null}
      {user?.role === "admin" && forAdmins ? (
        <AfterFirstScreen fallback={<Skeleton className="h-56 w-full rounded-xl" />}>
          {forAdmins}
        </AfterFirstScreen>
      ) : null}
      {counts.isError ? (
        <ErrorState
          title={t({ id: "dashboard.counts-failed", message: "Your account figures could not be loaded" })}
          error={counts.error}
          onRetry={() => void counts.refetch()}
          retrying={counts.isFetching}
        />
      ) : null}
      <CountCards accounts={counts.data} failed={counts.isError} />
      <div className="grid gap-6 lg:grid-cols-3">
        <QuickActionsCard />
        <AccountStatusCard accounts={counts.data} failed={counts.isError} />
        <RecentActivityCard />
      </div>
    </div>
  );
}

// The first load's early fetch of this page's data comes with the page's own chunk, not in a chunk of
// its own that every screen sharing the page's chunk would then have to load as well.
export { prefetchScreenData } from "../api/prefetch-dashboard";
