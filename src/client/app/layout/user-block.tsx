import { useLingui } from "@lingui/react/macro";
import { LogOut } from "lucide-react";
import type { CurrentUser } from "../../../shared/api/user";
import { Button } from "../../components/ui/button";
import { useLogout } from "../../features/auth/api/logout";
import { getInitials } from "./get-initials";
import { ThemeToggle } from "./theme-toggle";

/** Who is signed in, with the theme choice and the way out. */
export function UserBlock({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const logout = useLogout();
  return (
    <section
      aria-label={t({ id: "layout.user.label", message: "Your account" })}
      className="space-y-2 border-t border-sidebar-border p-3"
    >
      <div className="flex items-center gap-3 rounded-lg px-2 py-1.5">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        >
          {getInitials(user.name)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{user.name}</p>
          {user.username ? (
            <p className="truncate text-xs text-sidebar-muted-foreground">@{user.username}</p>
          ) : null}
        </div>
      </div>
      <ThemeToggle />
      <Button
        variant="ghost"
        className="w-full justify-start gap-3 px-3 text-sidebar-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
      >
        <LogOut aria-hidden="true" />
        {t({ id: "layout.user.sign-out", message: "Sign out" })}
      </Button>
    </section>
  );
}
