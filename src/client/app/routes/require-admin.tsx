import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Navigate } from "react-router";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import {
  TWO_FACTOR_CARD_ID,
  twoFactorStatusQueryOptions,
} from "../../features/settings/api/get-two-factor-status";
import { useSessionUser } from "../../lib/session";

/**
 * Decision D5: admin pages are for users with the admin role; everyone else is told so. Where admins
 * need a second factor (REQUIRE_ADMIN_2FA), one without goes to Settings to set it up first.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { user } = useSessionUser();
  const isAdmin = user?.role === "admin";
  const twoFactor = useQuery({ ...twoFactorStatusQueryOptions, enabled: isAdmin });
  if (isAdmin) {
    if (twoFactor.data?.adminMustEnrol) return <Navigate to={`/settings#${TWO_FACTOR_CARD_ID}`} replace />;
    // The page shows at once, as every first screen does (decision 013): its own calls are refused by
    // the server until a second factor is set up, and the answer above then moves the admin on.
    return children;
  }
  return (
    <div className="space-y-6">
      <PageHeader title={t({ id: "app.admin-only.title", message: "Access denied" })} />
      <div className="flex flex-col items-center gap-4 rounded-xl border bg-card px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive dark:text-red-300">
          <ShieldAlert aria-hidden="true" className="size-6" />
        </span>
        <p className="max-w-md text-muted-foreground">
          {t({ id: "app.admin-only.text", message: "You need administrator access to view this page." })}
        </p>
        <Button asChild variant="outline">
          <Link to="/dashboard">{t({ id: "app.admin-only.back", message: "Back to dashboard" })}</Link>
        </Button>
      </div>
    </div>
  );
}
