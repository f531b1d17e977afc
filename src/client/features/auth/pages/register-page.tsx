import { Link } from "react-router";
import { AuthSplitLayout } from "../../../components/auth-split-layout";
import { AuthCard, authLinkClass } from "../components/auth-card";

export function RegisterPage() {
  return (
    <AuthSplitLayout>
      <AuthCard
        title="Create an account"
        description="Create your account to order and manage LinkedIn accounts."
        footer={
          <>
            <p className="text-muted-foreground">
              Already have an account?{" "}
              <Link to="/login" className={authLinkClass}>
                Sign in
              </Link>
            </p>
            <p className="text-muted-foreground">
              Bought from us before?{" "}
              <Link to="/register-existing" className={authLinkClass}>
                Register as an existing customer
              </Link>
            </p>
          </>
        }
      />
    </AuthSplitLayout>
  );
}
