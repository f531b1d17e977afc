import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BellOff } from "lucide-react";
import { Popover } from "radix-ui";
import { type RefObject, useState } from "react";
import { Link } from "react-router";
import type { Notification } from "../../../../shared/api/notifications";
import { InlineError } from "../../../components/error-state";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { failureText } from "../../../lib/api-error";
import { i18n } from "../../../lib/i18n/i18n";
import { toast } from "../../../lib/use-toast";
import { useNotificationList } from "../api/get-notifications";
import { useMarkRead } from "../api/mark-read";
import { NotificationEntry } from "./notification-entry";

/** How many of the newest entries the panel shows; the list page has the rest. */
export const PANEL_ENTRIES = 8;

function markFailed(error: unknown) {
  toast({
    variant: "destructive",
    title: i18n._(msg({ id: "notifications.mark-failed", message: "Could not mark as read" })),
    description: failureText(
      error,
      i18n._(
        msg({
          id: "notifications.mark-failed-text",
          message: "The notifications could not be marked as read",
        }),
      ),
    ),
  });
}

/**
 * The bell's panel: the newest entries, Mark all read, and See all. The bell is drawn with the first
 * screen and this is not, so it is anchored to the bell's button rather than triggered by it, and
 * focus goes back to the button by hand.
 */
export function NotificationPanel({
  open,
  onOpenChange,
  button,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  button: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={button} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby="notification-panel-title"
          className="z-50 flex max-h-[min(32rem,var(--radix-popover-content-available-height))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border bg-popover text-popover-foreground shadow-lg outline-none"
          // The bell toggles the panel itself: a press on it is not a press outside.
          onInteractOutside={(event) => {
            if (button.current?.contains(event.target as Node)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        >
          {open ? <PanelBody onClose={() => onOpenChange(false)} /> : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function PanelBody({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const list = useNotificationList({ unread: false, limit: PANEL_ENTRIES });
  const markRead = useMarkRead();
  const [now] = useState(() => Date.now());
  const entries = list.data?.pages[0]?.notifications ?? [];
  const unread = list.data?.pages.at(-1)?.unreadCount ?? 0;

  const open = (entry: Notification) => {
    if (!entry.read) markRead.mutate({ ids: [entry.id] }, { onError: markFailed });
    if (entry.link) onClose();
  };

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 id="notification-panel-title" className="font-semibold">
          {t({ id: "notifications.title", message: "Notifications" })}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true }, { onError: markFailed })}
        >
          {t({ id: "notifications.mark-all-read", message: "Mark all read" })}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {list.isPending ? (
          <div
            role="status"
            aria-label={t({ id: "notifications.loading", message: "Loading notifications" })}
            className="space-y-2 p-2"
          >
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-10 w-full" />
            ))}
          </div>
        ) : list.isError && entries.length === 0 ? (
          <InlineError
            className="p-2"
            message={failureText(
              list.error,
              t({ id: "notifications.load-failed", message: "Your notifications could not be loaded" }),
            )}
            retrying={list.isFetching}
            onRetry={() => void list.refetch()}
          />
        ) : entries.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
            <BellOff aria-hidden="true" className="size-5" />
            <p>
              {t({
                id: "notifications.panel.empty",
                message: "No notifications yet. Changes to your accounts, requests and payments appear here.",
              })}
            </p>
          </div>
        ) : (
          <ul
            aria-label={t({ id: "notifications.panel.newest", message: "Newest notifications" })}
            className="space-y-1"
          >
            {entries.map((entry) => (
              <NotificationEntry key={entry.id} entry={entry} now={now} onOpen={open} compact />
            ))}
          </ul>
        )}
      </div>
      <div className="border-t p-2">
        <Button asChild variant="ghost" className="w-full">
          <Link to="/notifications" onClick={onClose}>
            {t({ id: "notifications.panel.see-all", message: "See all" })}
          </Link>
        </Button>
      </div>
    </>
  );
}
