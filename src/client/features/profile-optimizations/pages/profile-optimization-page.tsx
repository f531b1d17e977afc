import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { PageHeader } from "../../../components/page-header";
import { useSessionUser } from "../../../lib/session";
import { useUserProfileOptimizations } from "../api/get-user-profile-optimizations";
import { OptimizationList } from "../components/optimization-list";
import { OptimizationTabs } from "../components/optimization-tabs";

function Screen({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t({ id: "optimizations.criteria.title", message: "Profile Optimization Requests" })}
        description={t({
          id: "optimizations.criteria.description",
          message: "The profiles you asked us to optimize, with their criteria.",
        })}
      />
      <OptimizationTabs current="/profile-optimization" />
      {children}
    </div>
  );
}

/** /profile-optimization: the requests with the criteria each was sent with, searchable. */
export function ProfileOptimizationPage() {
  const { user } = useSessionUser();
  // The signed-in area renders this page only with a user.
  if (!user) return <Screen>{null}</Screen>;
  return (
    <Screen>
      <RequestList uid={user.uid} />
    </Screen>
  );
}

function RequestList({ uid }: { uid: string }) {
  const { t } = useLingui();
  const list = useUserProfileOptimizations(uid);
  return (
    <OptimizationList
      view="criteria"
      list={list}
      // Spec section 2.
      failedTitle={t({
        id: "optimizations.criteria.load-failed",
        message: "Error loading profile optimizations",
      })}
    />
  );
}
