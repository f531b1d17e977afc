import type { ReactNode } from "react";
import { PageHeader } from "../../../components/page-header";
import { useSessionUser } from "../../../lib/session";
import { useUserProfileOptimizations } from "../api/get-user-profile-optimizations";
import { OptimizationList } from "../components/optimization-list";
import { OptimizationTabs } from "../components/optimization-tabs";

const TITLE = "Profile Optimization Requests";
const DESCRIPTION = "The profiles you asked us to optimize, with their criteria.";
// Spec section 2.
const LOAD_FAILED = "Error loading profile optimizations";

function Screen({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} />
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
  const list = useUserProfileOptimizations(uid);
  return <OptimizationList view="criteria" list={list} failedTitle={LOAD_FAILED} />;
}
