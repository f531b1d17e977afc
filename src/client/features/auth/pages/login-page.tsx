import { Link } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { AuthCard, authLinkClass } from "../components/auth-card";

export function LoginPage() {
  return (
    <AuthSplitLayout>
      <AuthCard
        title="Sign in"
        description="Sign in to manage your LinkedIn accounts, orders and billing."
        footer={
          <>
            <p className="text-muted-foreground">
              Don&apos;t have an account?{" "}
              <Link to="/register" className={authLinkClass}>
                Create an account
              </Link>
            </p>
            <p className="text-muted-foreground">
              Already a customer?{" "}
              <Link to="/register-existing" className={authLinkClass}>
                Set up your login
              </Link>
            </p>
          </>
        }
      />
    </AuthSplitLayout>
  );
}
