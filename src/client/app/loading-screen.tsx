import { AuthSplitLayout } from "../components/auth-split-layout";
import { Spinner } from "../components/ui/spinner";

/** Shown while the session is being checked, in the shape of the sign-in screen it usually becomes. */
export function LoadingScreen() {
  return (
    <AuthSplitLayout>
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <Spinner label="Loading" className="size-8" />
        <p className="text-sm text-muted-foreground" aria-hidden="true">
          Checking your session…
        </p>
      </div>
    </AuthSplitLayout>
  );
}
