import { ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { PlaceholderPanel } from "../../../components/placeholder-panel";
import { Button } from "../../../components/ui/button";
import { useSessionUser } from "../../auth/api/get-current-user";
import { WelcomeBanner } from "../components/welcome-banner";

export function DashboardPage() {
  const { user } = useSessionUser();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Dashboard"
        description="An overview of your accounts, orders and recent activity."
        actions={
          <Button asChild>
            <Link to="/orders">
              <ShoppingCart aria-hidden="true" />
              Place Order
            </Link>
          </Button>
        }
      />
      {user ? <WelcomeBanner key={user.uid} user={user} /> : null}
      <PlaceholderPanel />
    </div>
  );
}
