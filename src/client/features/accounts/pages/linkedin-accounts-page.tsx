import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";

export function LinkedinAccountsPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Your LinkedIn Accounts"
        description="Every LinkedIn account delivered to you, with its status and login details."
      />
      <PlaceholderPanel />
    </div>
  );
}
