import { useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide-react";
import type { CurrentUser } from "../../../../shared/api/user";
import { Button } from "../../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { formatDate } from "../../../lib/format";

/** The read-only facts of the account, and onboarding when the customer has a link for it. */
export function AccountCard({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t({ id: "settings.account.title", message: "Account" })}</CardTitle>
        <CardDescription>
          {t({
            id: "settings.account.description",
            message: "These details are set by the portal and cannot be changed.",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          <div className="grid gap-1 pb-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-muted-foreground">
              {t({ id: "settings.account.created", message: "Account created" })}
            </dt>
            <dd className="text-sm sm:col-span-2">
              <time dateTime={user.createdAt}>{formatDate(user.createdAt, "long")}</time>
            </dd>
          </div>
          <div className="grid gap-1 pt-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-muted-foreground">
              {t({ id: "settings.account.uid", message: "Account UID" })}
            </dt>
            <dd className="font-mono text-sm break-all sm:col-span-2">{user.uid}</dd>
          </div>
        </dl>
      </CardContent>
      {user.onboardingUrl ? (
        <CardFooter className="border-t pt-6">
          <Button asChild>
            <a href={user.onboardingUrl} target="_blank" rel="noopener noreferrer">
              {t({ id: "settings.account.onboarding", message: "Complete Onboarding" })}
              <span className="sr-only">
                {" "}
                {t({ id: "settings.account.new-tab", message: "(opens in a new tab)" })}
              </span>
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
