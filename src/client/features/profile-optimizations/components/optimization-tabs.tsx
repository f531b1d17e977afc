import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { cn } from "../../../lib/utils";

const TABS = [
  { to: "/optimization", label: msg({ id: "optimizations.tabs.progress", message: "Progress" }) },
  {
    to: "/profile-optimization",
    label: msg({ id: "optimizations.tabs.criteria", message: "Request criteria" }),
  },
] as const;

/**
 * The two views of the customer's optimization requests, one link away from each other: their
 * progress, and the criteria each was sent with.
 */
export function OptimizationTabs({ current }: { current: (typeof TABS)[number]["to"] }) {
  const { i18n, t } = useLingui();
  return (
    <nav
      aria-label={t({ id: "optimizations.tabs.label", message: "Optimization requests" })}
      className="border-b"
    >
      <ul className="-mb-px flex gap-1">
        {TABS.map((tab) => {
          const active = tab.to === current;
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  active
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
                )}
              >
                {i18n._(tab.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
