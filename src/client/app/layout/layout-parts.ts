/**
 * The parts of the signed-in layout that only one kind of screen shows, each a chunk of its own
 * (decision 013): a phone's first screen needs neither the sidebar column, with its tooltips and
 * their positioning engine, nor the menu's slide-over, with Radix Dialog; a wide screen needs the
 * column at once and never the slide-over. Like routes/signed-in-screens.ts, the build reads this
 * file to know which chunks are signed in (scripts/build/icon-chunks.ts).
 */
import { lazyScreen } from "../routes/lazy-screen";

/** Tailwind's lg breakpoint: from here on the sidebar is a column, below it a slide-over. */
export const WIDE_LAYOUT_QUERY = "(min-width: 64rem)";

export const SidebarColumn = lazyScreen(() => import("./sidebar"), "SidebarContent");

export const MobileMenuSheet = lazyScreen(() => import("./mobile-menu-sheet"), "MobileMenuSheet");
