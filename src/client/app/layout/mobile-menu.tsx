import { useLingui } from "@lingui/react/macro";
import { Menu } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import type { CurrentUser } from "../../../shared/api/user";
import { Button } from "../../components/ui/button";
import { MobileMenuSheet } from "./layout-parts";

/** When the slide-over's code is fetched after the first screen, in a browser without idle callbacks. */
const PRELOAD_FALLBACK_MS = 1000;

/** A failed load is not reported here: pressing the button renders the slide-over, which shows it. */
function preloadSheet() {
  MobileMenuSheet.preload().catch(() => {});
}

/**
 * Below the lg breakpoint the sidebar lives in a 20rem slide-over that any navigation closes. The
 * button is drawn with the first screen; the slide-over's code follows once the page is idle, or
 * as soon as the button is pointed at or focused, and a press before it is in opens it when it is.
 */
export function MobileMenu({ user }: { user: CurrentUser }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(preloadSheet);
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(preloadSheet, PRELOAD_FALLBACK_MS);
    return () => clearTimeout(id);
  }, []);

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label={t({ id: "layout.menu.open", message: "Open menu" })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadSheet}
        onFocus={preloadSheet}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <MobileMenuSheet user={user} open={open} onOpenChange={setOpen} button={button} />
        </Suspense>
      ) : null}
    </>
  );
}
