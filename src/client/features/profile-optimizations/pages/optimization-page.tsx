import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { useSessionUser } from "../../../lib/session";
import { useProfileOptimizations } from "../api/get-profile-optimizations";
import { NewRequestButton, NoRequestFormNotice } from "../components/new-request";
import { OptimizationList } from "../components/optimization-list";
import { OptimizationTabs } from "../components/optimization-tabs";

const TITLE = "Profile Optimization";
const DESCRIPTION = "Your profile optimization requests and their progress.";
// Spec section 8, word for word.
const LOAD_FAILED = "Failed to load profile optimizations. Please try again.";

/** /optimization: the requests' progress, filtered by status, and New Request. */
export function OptimizationPage() {
  const { user } = useSessionUser();
  const list = useProfileOptimizations();
  const [askedWithoutForm, setAskedWithoutForm] = useState(false);

  return (
    <div className="space-y-6">
      <PageHeader
        title={TITLE}
        description={DESCRIPTION}
        actions={
          <NewRequestButton
            optimizationUrl={user?.optimizationUrl ?? null}
            onMissingUrl={() => setAskedWithoutForm(true)}
          />
        }
      />
      <OptimizationTabs current="/optimization" />
      <div aria-live="polite">{askedWithoutForm ? <NoRequestFormNotice /> : null}</div>
      <OptimizationList view="progress" list={list} failedTitle={LOAD_FAILED} />
    </div>
  );
}
