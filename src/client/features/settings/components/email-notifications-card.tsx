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

const TOPICS: Record<MailTopic, { label: string; description: string }> = {
  accounts: {
    label: "Account changes",
    description: "A LinkedIn account's status changes, or a new account is delivered.",
  },
  optimizations: {
    label: "Optimization requests",
    description: "A profile optimization request moves to another status.",
  },
  requests: {
    label: "Replacement requests",
    description: "A request about a problem account is fixed, replaced or answered.",
  },
  payments: {
    label: "Payments",
    description: "A payment fails or a refund is made.",
  },
  security: {
    label: "Security",
    description: "Someone signs in to your portal account from a new browser.",
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
  const labelId = useId();
  const descriptionId = useId();
  const { label, description } = TOPICS[topic];
  return (
    <li className="flex items-start justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className="grid gap-0.5">
        <span id={labelId} className="text-sm font-medium">
          {label}
        </span>
        <span id={descriptionId} className="text-sm text-muted-foreground">
          {description}
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
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const mail = preferences.data?.mail;

  const change = (topic: MailTopic, on: boolean) => {
    const next: NotificationPreferences = { mail: { ...DEFAULT_MAIL_TOPICS, ...mail, [topic]: on } };
    const what = `${TOPICS[topic].label} by email`;
    save.mutate(next, {
      onSuccess: () =>
        toast({ title: "Email notifications saved", description: `${what}: ${on ? "on" : "off"}` }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Email notifications not saved",
          description: failureText(error, `${what} could not be turned ${on ? "on" : "off"}`),
        }),
    });
  };

  return (
    // Not a labelled region: "Email" would then name it, and the profile's Email field is found by that word.
    <Card data-testid="email-notifications-card">
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>
          Everything appears under the bell; choose what is also sent to your email address.
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
          <div role="status" aria-label="Loading email notifications" className="grid gap-3">
            {MAIL_TOPICS.map((topic) => (
              <Skeleton key={topic} className="h-9 w-full" />
            ))}
          </div>
        ) : (
          <InlineError
            message={failureText(preferences.error, "Your email notifications could not be loaded")}
            retrying={preferences.isFetching}
            onRetry={() => void preferences.refetch()}
          />
        )}
      </CardContent>
    </Card>
  );
}
