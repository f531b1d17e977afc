import { Info, Plus } from "lucide-react";
import { Link } from "react-router";
import { httpUrlOf } from "../../../components/external-link";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { usePublicConfig } from "../../../lib/public-config";

/**
 * New Request opens the customer's own request form (their optimizationUrl) in a new tab. A customer
 * without one is told, in place, how to get one.
 */
export function NewRequestButton({
  optimizationUrl,
  onMissingUrl,
}: {
  optimizationUrl: string | null;
  onMissingUrl: () => void;
}) {
  const url = httpUrlOf(optimizationUrl);
  if (!url) {
    return (
      <Button onClick={onMissingUrl}>
        <Plus aria-hidden="true" />
        New Request
      </Button>
    );
  }
  return (
    <Button asChild>
      <a href={url} target="_blank" rel="noopener noreferrer">
        <Plus aria-hidden="true" />
        New Request
        <span className="sr-only"> (opens your request form in a new tab)</span>
      </a>
    </Button>
  );
}

/** Shown when New Request has no form to open: what to do instead. */
export function NoRequestFormNotice() {
  const config = usePublicConfig();
  const email = config.data?.supportEmail;
  return (
    <Alert variant="info">
      <Info aria-hidden="true" />
      <AlertTitle>Your request form is not set up yet</AlertTitle>
      <AlertDescription>
        <p>
          We have not linked an optimization request form to your account. Contact our support team
          {email ? (
            <>
              {" "}
              at{" "}
              <a
                href={`mailto:${email}?subject=${encodeURIComponent("New profile optimization request")}`}
                className="font-medium text-primary underline underline-offset-4 dark:text-blue-300"
              >
                {email}
              </a>
            </>
          ) : null}{" "}
          or through the{" "}
          <Link
            to="/help-centre"
            className="font-medium text-primary underline underline-offset-4 dark:text-blue-300"
          >
            Help Centre
          </Link>{" "}
          and we will send you the link to start a new request.
        </p>
      </AlertDescription>
    </Alert>
  );
}
