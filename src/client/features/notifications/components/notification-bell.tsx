import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Bell } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { formatCount } from "../../../lib/format";
import { i18n as pageI18n } from "../../../lib/i18n/i18n";
import { useUnreadCount } from "../api/unread-count";

/** The bell's badge: nothing at 0, the count up to 9, then "9+". */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 9 ? "9+" : String(unread);
}

/** The bell's accessible name: "Notifications", or "Notifications, 3 unread". */
export function bellLabel(unread: number, i18n: I18n = pageI18n): string {
  // English and German say it the same for one and many; no plural, so the header of every screen
  // needs no Intl.PluralRules (decision 013).
  const count = formatCount(unread);
  return unread > 0
    ? i18n._(msg({ id: "notifications.bell.unread", message: `Notifications, ${count} unread` }))
    : i18n._(msg({ id: "notifications.title", message: "Notifications" }));
}

// The panel, with Radix Popover and the entries' wording, is not part of any first screen: it loads
// once the bell is pointed at, focused or pressed (decision 013's budget for the signed-in screens).
const loadPanel = () => import("./notification-panel");
const NotificationPanel = lazy(() => loadPanel().then((module) => ({ default: module.NotificationPanel })));
/** A failed load is not reported here: pressing the bell renders the panel, whose load then fails visibly. */
const preloadPanel = () => {
  loadPanel().catch(() => {});
};

/**
 * The bell in the signed-in header (the sidebar's top on a wide screen, the top bar on a phone): the
 * count of unread entries, asked for every minute while the tab is visible and when the window gets
 * focus, and a panel with the newest entries.
 */
export function NotificationBell() {
  // Renders again when the language changes, and names the bell in it.
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const unread = useUnreadCount().data ?? 0;
  const badge = badgeText(unread);

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={bellLabel(unread, i18n)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notification-bell"
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => {
          setAsked(true);
          setOpen((was) => !was);
        }}
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-destructive-foreground"
          >
            {badge}
          </span>
        ) : null}
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <NotificationPanel open={open} onOpenChange={setOpen} button={button} />
        </Suspense>
      ) : null}
    </>
  );
}
