import { Trans, useLingui } from "@lingui/react/macro";
import { Eye, LoaderCircle } from "lucide-react";
import type { CurrentUser } from "../../../shared/api/user";
import { Button } from "../../components/ui/button";
import { useStopViewing } from "../../features/admin/api/view-as-stop";
import { failureText } from "../../lib/api-error";
import { useViewing } from "../../lib/session";
import { toast } from "../../lib/use-toast";

/**
 * The strip at the top of every signed-in screen while an administrator views the portal as a
 * customer: whom, that nothing can be changed, and the way back (decision 036).
 */
export function ViewingBanner({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const viewing = useViewing();
  const stop = useStopViewing(user.uid);
  if (!viewing) return null;
  const { name, email } = user;
  const onStop = () =>
    stop.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: "destructive",
          title: t({ id: "layout.viewing.stop-failed", message: "Could not stop viewing" }),
          description: failureText(
            error,
            t({
              id: "layout.viewing.stop-failed-text",
              message: "Viewing as this customer could not be stopped",
            }),
          ),
        }),
    });
  return (
    <section
      aria-label={t({ id: "layout.viewing.label", message: "Viewing as a customer" })}
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-300 bg-amber-100 px-4 py-2 text-sm text-amber-950 sm:px-6 lg:px-8 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1 break-words">
        <Trans id="layout.viewing.text">
          Viewing as <strong className="font-semibold">{name}</strong> ({email}) — read only
        </Trans>
      </p>
      <Button size="sm" variant="outline" onClick={onStop} disabled={stop.isPending}>
        {stop.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {t({ id: "layout.viewing.stop", message: "Stop viewing" })}
      </Button>
    </section>
  );
}
