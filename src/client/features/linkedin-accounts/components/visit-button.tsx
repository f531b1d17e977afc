import { useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";

/** Opens the account's LinkedIn profile in a new tab; disabled, and says why, without a profile URL. */
export function VisitButton({
  profileUrl,
  accountName,
  className,
}: {
  profileUrl: string | null;
  accountName: string;
  className?: string;
}) {
  const { t } = useLingui();
  const visit = t({ id: "accounts.visit", message: "Visit" });
  if (!profileUrl) {
    return (
      <Button variant="outline" size="sm" disabled className={className}>
        <ExternalLink aria-hidden="true" />
        {visit}
        <span className="sr-only">{` ${t({ id: "accounts.visit.no-url", message: `(no profile URL for ${accountName})` })}`}</span>
      </Button>
    );
  }
  return (
    <Button asChild variant="outline" size="sm" className={cn(className)}>
      <a href={profileUrl} target="_blank" rel="noopener noreferrer">
        <ExternalLink aria-hidden="true" />
        {visit}
        <span className="sr-only">
          {` ${t({ id: "accounts.visit.profile", message: `the LinkedIn profile of ${accountName} (opens in a new tab)` })}`}
        </span>
      </a>
    </Button>
  );
}
