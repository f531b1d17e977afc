import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Eye } from "lucide-react";
import type { SupportView } from "../../../../shared/api/view-as";
import { InlineError } from "../../../components/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { useSupportViews } from "../api/get-support-views";

/** How long a view lasted, in the words a person uses: "2 minutes", "1 hour 5 minutes". */
function viewDuration(i18n: I18n, startedAt: string, endedAt: string): string {
  const total = Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000));
  if (total < 1)
    return i18n._(msg({ id: "settings.support-views.under-a-minute", message: "less than a minute" }));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  if (hours === 0) {
    return i18n._(
      msg({
        id: "settings.support-views.minutes",
        message: plural(minutes, { one: "# minute", other: "# minutes" }),
      }),
    );
  }
  if (minutes === 0) {
    return i18n._(
      msg({
        id: "settings.support-views.hours",
        message: plural(hours, { one: "# hour", other: "# hours" }),
      }),
    );
  }
  return i18n._(
    msg({
      id: "settings.support-views.hours-minutes",
      message: `${plural(hours, { one: "# hour", other: "# hours" })} ${plural(minutes, { one: "# minute", other: "# minutes" })}`,
    }),
  );
}

function ViewLine({ view }: { view: SupportView }) {
  const { i18n } = useLingui();
  const startedAt = formatDateTime(view.startedAt);
  if (view.ongoing) {
    return (
      <Trans id="settings.support-views.ongoing">
        The support team is viewing your account now, since <time dateTime={view.startedAt}>{startedAt}</time>
        .
      </Trans>
    );
  }
  if (view.endedAt === null) {
    return (
      <Trans id="settings.support-views.viewed">
        The support team viewed your account on <time dateTime={view.startedAt}>{startedAt}</time>.
      </Trans>
    );
  }
  const duration = viewDuration(i18n, view.startedAt, view.endedAt);
  return (
    <Trans id="settings.support-views.viewed-for">
      The support team viewed your account on <time dateTime={view.startedAt}>{startedAt}</time> ({duration}).
    </Trans>
  );
}

/**
 * Settings → Sessions: each time the support team viewed the customer's account, read only, and for
 * how long (decision 036). Never who, from where or why: the customer may ask support about any.
 */
export function SupportViews() {
  const { t } = useLingui();
  const views = useSupportViews();
  const heading = t({ id: "settings.support-views.title", message: "Viewed by support" });
  return (
    <section aria-labelledby="support-views-heading" className="mt-6 grid gap-3 border-t pt-6">
      <h3 id="support-views-heading" className="text-sm font-medium">
        {heading}
      </h3>
      {views.isPending ? (
        <div className="flex justify-center py-2">
          <Spinner label={t({ id: "settings.support-views.loading", message: "Loading support views" })} />
        </div>
      ) : views.isError ? (
        <InlineError
          message={t({
            id: "settings.support-views.load-failed",
            message: "When support viewed your account could not be loaded.",
          })}
          onRetry={() => void views.refetch()}
          retrying={views.isFetching}
          className="justify-between rounded-lg border border-dashed p-4"
        />
      ) : views.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {t({ id: "settings.support-views.none", message: "The support team has not viewed your account." })}
        </p>
      ) : (
        <ul aria-label={heading} className="grid gap-2">
          {views.data.map((view) => (
            <li key={view.startedAt} className="flex items-start gap-3 text-sm">
              <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span>
                <ViewLine view={view} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
