import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { useSessionUser } from "../../lib/session";

/** Decision D5: admin pages are for users with the admin role; everyone else is told so. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useSessionUser();
  if (user?.role === "admin") return children;
  return (
    <div className="space-y-6">
      <PageHeader title="Access denied" />
      <div className="flex flex-col items-center gap-4 rounded-xl border bg-card px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive dark:text-red-300">
          <ShieldAlert aria-hidden="true" className="size-6" />
        </span>
        <p className="max-w-md text-muted-foreground">You need administrator access to view this page.</p>
        <Button asChild variant="outline">
          <Link to="/dashboard">Back to dashboard</Link>
        </Button>
      </div>
    </div>
  );
}
