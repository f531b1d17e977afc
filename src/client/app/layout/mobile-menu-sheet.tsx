import { useLingui } from "@lingui/react/macro";
import { type RefObject, useRef } from "react";
import type { CurrentUser } from "../../../shared/api/user";
import { Sheet, SheetContent, SheetTitle } from "../../components/ui/sheet";
import { focusPageHeading } from "./focus-page-heading";
import { SidebarContent } from "./sidebar";

/**
 * The slide-over that holds the sidebar below the lg breakpoint. Its button is part of the first
 * screen and this is not, so there is no Radix trigger: focus goes back to the button by hand, or,
 * when a page was chosen, to that page's heading.
 */
export function MobileMenuSheet({
  user,
  open,
  onOpenChange,
  button,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  button: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useLingui();
  const navigated = useRef(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (navigated.current) focusPageHeading();
          else button.current?.focus();
          navigated.current = false;
        }}
      >
        <SheetTitle className="sr-only">{t({ id: "layout.menu.title", message: "Menu" })}</SheetTitle>
        <SidebarContent
          user={user}
          onNavigate={() => {
            navigated.current = true;
            onOpenChange(false);
          }}
        />
      </SheetContent>
    </Sheet>
  );
}
