import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";

export function AdminSyncPage() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Admin Sync"
        description="Import customers and their records from the external database."
      />
      <PlaceholderPanel />
    </div>
  );
}
