import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import type { Notification } from "../../../../shared/api/notifications";
import { cn } from "../../../lib/utils";
import { NotMeButton } from "./not-me-button";
import { describeNotification, formatRelativeTime, portalPath } from "./notification-text";

/**
 * One entry, in the bell's panel and on the list page: its sentence and how long ago. An unread one
 * carries a dot and bolder words, and says "Unread" to a screen reader. Choosing it marks it read and
 * goes where it leads; one that leads nowhere is a button that marks it read. A new sign-in's entry
 * also offers "This wasn't me", which ends that session.
 */
export function NotificationEntry({
  entry,
  now,
  onOpen,
  compact = false,
}: {
  entry: Notification;
  now: number;
  /** Called as the entry is chosen (before any navigation). */
  onOpen: (entry: Notification) => void;
  compact?: boolean;
}) {
  const { t } = useLingui();
  const to = portalPath(entry.link);
  const session = entry.kind === "new_sign_in" ? entry.detail.session : undefined;
  const body = (
    <>
      <span
        aria-hidden="true"
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", entry.read ? "bg-transparent" : "bg-primary")}
      />
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className={cn("block text-sm", entry.read ? "text-muted-foreground" : "font-medium")}>
          {entry.read ? null : (
            <span className="sr-only">{t({ id: "notifications.entry.unread", message: "Unread:" })} </span>
          )}
          {describeNotification(entry)}
        </span>
        <time dateTime={entry.createdAt} className="block text-xs text-muted-foreground">
          {formatRelativeTime(entry.createdAt, now)}
        </time>
      </span>
    </>
  );
  const className = cn(
    "flex w-full items-start gap-3 rounded-lg text-left outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
    compact ? "px-2 py-2" : "px-3 py-3",
    entry.read ? null : "bg-primary/5",
  );
  return (
    <li data-read={entry.read ? "yes" : "no"}>
      {to ? (
        <Link to={to} className={className} onClick={() => onOpen(entry)}>
          {body}
        </Link>
      ) : (
        <button type="button" className={className} onClick={() => onOpen(entry)}>
          {body}
        </button>
      )}
      {typeof session === "number" ? (
        <div className={compact ? "pb-1 pl-7" : "pb-2 pl-8"}>
          <NotMeButton sessionId={session} onDone={() => onOpen(entry)} />
        </div>
      ) : null}
    </li>
  );
}
