import { useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { PageHeader } from "../../../components/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { useSessionUser } from "../../../lib/session";
import { AccountCard } from "../components/account-card";
import { CloseLoginCard } from "../components/close-login-card";
import { DownloadDataCard } from "../components/download-data-card";
import { EmailNotificationsCard } from "../components/email-notifications-card";
import { GoogleCard } from "../components/google-card";
import { LanguageCard } from "../components/language-card";
import { PasskeysCard } from "../components/passkeys-card";
import { PasswordCard } from "../components/password-card";
import { ProfileCard } from "../components/profile-card";
import { SessionsCard } from "../components/sessions-card";
import { TwoFactorCard } from "../components/two-factor-card";

export function SettingsPage() {
  const { t } = useLingui();
  const { user, isPending } = useSessionUser();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t({ id: "settings.page.title", message: "Settings" })}
        description={t({
          id: "settings.page.description",
          message: "Your profile details and account information.",
        })}
      />
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t({ id: "settings.page.loading", message: "Loading settings" })} />
        </div>
      ) : user === null ? (
        <div
          role="alert"
          className="flex items-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-6 text-destructive dark:text-red-300"
        >
          <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p className="font-medium">
            {t({ id: "settings.page.error", message: "Error loading user settings" })}
          </p>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-5">
          <div className="grid content-start gap-6 lg:col-span-3">
            <ProfileCard key={user.id} user={user} />
            <LanguageCard user={user} />
            {/* How the customer proves who they are: the portal's own door (decision 023). */}
            <section aria-labelledby="settings-security" className="grid gap-4">
              <h2 id="settings-security" className="text-lg font-semibold tracking-tight">
                {t({ id: "settings.page.security", message: "Security" })}
              </h2>
              <PasswordCard user={user} />
              <TwoFactorCard />
              <PasskeysCard />
            </section>
            {/* What the portal holds about the customer: theirs to take, and the login theirs to close (decisions 033, 034). */}
            <section aria-labelledby="your-data" className="grid gap-4">
              <h2 id="your-data" className="text-lg font-semibold tracking-tight">
                {t({ id: "settings.page.your-data", message: "Your data" })}
              </h2>
              <DownloadDataCard />
              <CloseLoginCard user={user} />
            </section>
          </div>
          <div className="grid content-start gap-6 lg:col-span-2">
            <AccountCard user={user} />
            <GoogleCard user={user} />
            <EmailNotificationsCard />
          </div>
          <div className="lg:col-span-5">
            <SessionsCard />
          </div>
        </div>
      )}
    </div>
  );
}
