import { Menu } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "../../../shared/api/user";
import { Button } from "../../components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "../../components/ui/sheet";
import { SidebarContent } from "./sidebar";

/** Below the lg breakpoint the sidebar lives in a 20rem slide-over that any navigation closes. */
export function MobileMenu({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent aria-describedby={undefined}>
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SidebarContent user={user} onNavigate={() => setOpen(false)} />
      </SheetContent>
    </Sheet>
  );
}
