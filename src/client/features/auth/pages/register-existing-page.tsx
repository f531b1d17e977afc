import { Link } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { AuthCard, authLinkClass } from "../components/auth-card";

export function RegisterExistingPage() {
  return (
    <AuthSplitLayout>
      <AuthCard
        title="Join the product"
        description="Already a customer? Set up your login; your existing LinkedIn accounts will be linked automatically."
        footer={
          <p className="text-muted-foreground">
            Already have a login?{" "}
            <Link to="/login" className={authLinkClass}>
              Sign in
            </Link>
          </p>
        }
      />
    </AuthSplitLayout>
  );
}
