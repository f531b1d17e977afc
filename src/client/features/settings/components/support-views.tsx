import { Eye } from "lucide-react";
import type { SupportView } from "../../../../shared/api/view-as";
import { InlineError } from "../../../components/error-state";
import { Spinner } from "../../../components/ui/spinner";
import { formatDateTime } from "../../../lib/format";
import { useSupportViews } from "../api/get-support-views";

/** How long a view lasted, in the words a person uses: "2 minutes", "1 hour 5 minutes". */
function viewDuration(startedAt: string, endedAt: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(endedAt) - Date.parse(startedAt)) / 60_000));
  if (minutes < 1) return "less than a minute";
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return plural(minutes, "minute");
  return rest === 0 ? plural(hours, "hour") : `${plural(hours, "hour")} ${plural(rest, "minute")}`;
}

function ViewLine({ view }: { view: SupportView }) {
  const when = <time dateTime={view.startedAt}>{formatDateTime(view.startedAt)}</time>;
  if (view.ongoing) return <>The support team is viewing your account now, since {when}.</>;
  if (view.endedAt === null) return <>The support team viewed your account on {when}.</>;
  return (
    <>
      The support team viewed your account on {when} ({viewDuration(view.startedAt, view.endedAt)}).
    </>
  );
}

/**
 * Settings → Sessions: each time the support team viewed the customer's account, read only, and for
 * how long (decision 036). Never who, from where or why: the customer may ask support about any.
 */
export function SupportViews() {
  const views = useSupportViews();
  return (
    <section aria-labelledby="support-views-heading" className="mt-6 grid gap-3 border-t pt-6">
      <h3 id="support-views-heading" className="text-sm font-medium">
        Viewed by support
      </h3>
      {views.isPending ? (
        <div className="flex justify-center py-2">
          <Spinner label="Loading support views" />
        </div>
      ) : views.isError ? (
        <InlineError
          message="When support viewed your account could not be loaded."
          onRetry={() => void views.refetch()}
          retrying={views.isFetching}
          className="justify-between rounded-lg border border-dashed p-4"
        />
      ) : views.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">The support team has not viewed your account.</p>
      ) : (
        <ul aria-label="Viewed by support" className="grid gap-2">
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
