import { Trans, useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
  const url = httpUrlOf(optimizationUrl);
  const label = t({ id: "optimizations.new-request", message: "New Request" });
  if (!url) {
    return (
      <Button onClick={onMissingUrl}>
        <Plus aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <Button asChild>
      <a href={url} target="_blank" rel="noopener noreferrer">
        <Plus aria-hidden="true" />
        {label}
        <span className="sr-only">
          {" "}
          {t({ id: "optimizations.new-request.new-tab", message: "(opens your request form in a new tab)" })}
        </span>
      </a>
    </Button>
  );
}

const linkClass = "font-medium text-primary underline underline-offset-4 dark:text-blue-300";

/** Shown when New Request has no form to open: what to do instead. */
export function NoRequestFormNotice() {
  const { t } = useLingui();
  const config = usePublicConfig();
  const email = config.data?.supportEmail;
  const subject = t({
    id: "optimizations.no-form.mail-subject",
    message: "New profile optimization request",
  });
  return (
    <Alert variant="info">
      <Info aria-hidden="true" />
      <AlertTitle>
        {t({ id: "optimizations.no-form.title", message: "Your request form is not set up yet" })}
      </AlertTitle>
      <AlertDescription>
        <p>
          {email ? (
            <Trans id="optimizations.no-form.text-with-email">
              We have not linked an optimization request form to your account. Contact our support team at{" "}
              <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`} className={linkClass}>
                {email}
              </a>{" "}
              or through the{" "}
              <Link to="/help-centre" className={linkClass}>
                Help Centre
              </Link>{" "}
              and we will send you the link to start a new request.
            </Trans>
          ) : (
            <Trans id="optimizations.no-form.text">
              We have not linked an optimization request form to your account. Contact our support team or
              through the{" "}
              <Link to="/help-centre" className={linkClass}>
                Help Centre
              </Link>{" "}
              and we will send you the link to start a new request.
            </Trans>
          )}
        </p>
      </AlertDescription>
    </Alert>
  );
}
