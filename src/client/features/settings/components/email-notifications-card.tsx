import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import {
  DEFAULT_MAIL_TOPICS,
  MAIL_TOPICS,
  type MailTopic,
  type NotificationPreferences,
} from "../../../../shared/api/notifications";
import { InlineError } from "../../../components/error-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { Switch } from "../../../components/ui/switch";
import { failureText } from "../../../lib/api-error";
import { toast } from "../../../lib/use-toast";
import { useNotificationPreferences, useSaveNotificationPreferences } from "../api/notification-preferences";

const TOPICS: Record<MailTopic, { label: MessageDescriptor; description: MessageDescriptor }> = {
  accounts: {
    label: msg({ id: "settings.notifications.accounts", message: "Account changes" }),
    description: msg({
      id: "settings.notifications.accounts-text",
      message: "A LinkedIn account's status changes, or a new account is delivered.",
    }),
  },
  optimizations: {
    label: msg({ id: "settings.notifications.optimizations", message: "Optimization requests" }),
    description: msg({
      id: "settings.notifications.optimizations-text",
      message: "A profile optimization request moves to another status.",
    }),
  },
  requests: {
    label: msg({ id: "settings.notifications.requests", message: "Replacement requests" }),
    description: msg({
      id: "settings.notifications.requests-text",
      message: "A request about a problem account is fixed, replaced or answered.",
    }),
  },
  payments: {
    label: msg({ id: "settings.notifications.payments", message: "Payments" }),
    description: msg({
      id: "settings.notifications.payments-text",
      message: "A payment fails or a refund is made.",
    }),
  },
  security: {
    label: msg({ id: "settings.notifications.security", message: "Security" }),
    description: msg({
      id: "settings.notifications.security-text",
      message: "Someone signs in to your portal account from a new browser.",
    }),
  },
};

function TopicSwitch({
  topic,
  checked,
  onChange,
}: {
  topic: MailTopic;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { i18n } = useLingui();
  const labelId = useId();
  const descriptionId = useId();
  const { label, description } = TOPICS[topic];
  return (
    <li className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="grid gap-0.5">
        <span id={labelId} className="text-sm font-medium">
          {i18n._(label)}
        </span>
        <span id={descriptionId} className="text-sm text-muted-foreground">
          {i18n._(description)}
        </span>
      </div>
      <Switch
        className="mt-0.5"
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        checked={checked}
        onCheckedChange={onChange}
      />
    </li>
  );
}

/**
 * "Email notifications": one switch per topic of the notifications (decision 040), saved as it is
 * turned; a save that fails turns the switch back and says so.
 */
export function EmailNotificationsCard() {
  const { t, i18n } = useLingui();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const mail = preferences.data?.mail;

  const change = (topic: MailTopic, on: boolean) => {
    const next: NotificationPreferences = { mail: { ...DEFAULT_MAIL_TOPICS, ...mail, [topic]: on } };
    const label = i18n._(TOPICS[topic].label);
    save.mutate(next, {
      onSuccess: () =>
        toast({
          title: t({ id: "settings.notifications.saved", message: "Email notifications saved" }),
          description: on
            ? t({ id: "settings.notifications.saved-on", message: `${label} by email: on` })
            : t({ id: "settings.notifications.saved-off", message: `${label} by email: off` }),
        }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t({ id: "settings.notifications.not-saved", message: "Email notifications not saved" }),
          description: failureText(
            error,
            on
              ? t({
                  id: "settings.notifications.not-turned-on",
                  message: `${label} by email could not be turned on`,
                })
              : t({
                  id: "settings.notifications.not-turned-off",
                  message: `${label} by email could not be turned off`,
                }),
          ),
        }),
    });
  };

  return (
    // Not a labelled region: "Email" would then name it, and the profile's Email field is found by that word.
    <Card data-testid="email-notifications-card">
      <CardHeader>
        <CardTitle>{t({ id: "settings.notifications.title", message: "Email notifications" })}</CardTitle>
        <CardDescription>
          {t({
            id: "settings.notifications.description",
            message: "Everything appears under the bell; choose what is also sent to your email address.",
          })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {mail ? (
          <ul className="divide-y">
            {MAIL_TOPICS.map((topic) => (
              <TopicSwitch
                key={topic}
                topic={topic}
                checked={mail[topic]}
                onChange={(on) => change(topic, on)}
              />
            ))}
          </ul>
        ) : preferences.isPending ? (
          <div
            role="status"
            aria-label={t({ id: "settings.notifications.loading", message: "Loading email notifications" })}
            className="grid gap-3"
          >
            {MAIL_TOPICS.map((topic) => (
              <Skeleton key={topic} className="h-9 w-full" />
            ))}
          </div>
        ) : (
          <InlineError
            message={failureText(
              preferences.error,
              t({
                id: "settings.notifications.load-failed",
                message: "Your email notifications could not be loaded",
              }),
            )}
            retrying={preferences.isFetching}
            onRetry={() => void preferences.refetch()}
          />
        )}
      </CardContent>
    </Card>
  );
}
