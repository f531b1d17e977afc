import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { useSessionUser } from "../../../lib/session";
import { useProfileOptimizations } from "../api/get-profile-optimizations";
import { NewRequestButton, NoRequestFormNotice } from "../components/new-request";
import { OptimizationList } from "../components/optimization-list";
import { OptimizationTabs } from "../components/optimization-tabs";

/** /optimization: the requests' progress, filtered by status, and New Request. */
export function OptimizationPage() {
  const { t } = useLingui();
  const { user } = useSessionUser();
  const list = useProfileOptimizations();
  const [askedWithoutForm, setAskedWithoutForm] = useState(false);

  return (
    <div className="space-y-6">
      <PageHeader
        title={t({ id: "optimizations.progress.title", message: "Profile Optimization" })}
        description={t({
          id: "optimizations.progress.description",
          message: "Your profile optimization requests and their progress.",
        })}
        actions={
          <NewRequestButton
            optimizationUrl={user?.optimizationUrl ?? null}
            onMissingUrl={() => setAskedWithoutForm(true)}
          />
        }
      />
      <OptimizationTabs current="/optimization" />
      <div aria-live="polite">{askedWithoutForm ? <NoRequestFormNotice /> : null}</div>
      <OptimizationList
        view="progress"
        list={list}
        // Spec section 8, word for word.
        failedTitle={t({
          id: "optimizations.progress.load-failed",
          message: "Failed to load profile optimizations. Please try again.",
        })}
      />
    </div>
  );
}
