import type { RefObject } from "react";
import type { CurrentUser } from "../../../shared/api/user";
import { Sheet, SheetContent, SheetTitle } from "../../components/ui/sheet";
import { SidebarContent } from "./sidebar";

/**
 * The slide-over that holds the sidebar below the lg breakpoint. Its button is part of the first
 * screen and this is not, so there is no Radix trigger: focus goes back to the button by hand.
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
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
      >
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SidebarContent user={user} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  );
}
