/**
 * The first paint of a signed-in first screen (decision 056): the build puts this markup in the
 * page of each path of `firstPaintHeaders`, in the page's language, so that the browser paints the
 * layout's frame and the page's heading as soon as the HTML and the stylesheet are in, instead of
 * once the portal's script has arrived and run. `keepFirstPaint` (app/first-paint.ts) takes it away
 * in the frame the app shows its first screen in.
 *
 * Data and a template only, read by the build, like routes/first-screen-modules.ts; it lives beside
 * the layout so that a change to the layout's boxes is made here too, and so that Tailwind finds its
 * classes. It copies the boxes of AppLayout (app-layout.tsx), BrandMark and PageHeader, without
 * anything that depends on the user: `tests/e2e/first-paint.spec.ts` fails when a heading, its
 * description or the top bar is not where the app then draws it, at a phone's and a wide screen's
 * width.
 */
import type { FixedPath } from "../routes/first-screen-modules";

/** The id of the first paint's element, a sibling of #root that the app never renders into. */
export const FIRST_PAINT_ID = "first-paint";

/** The message ids of a page header: its title and its description. */
export interface FirstPaintHeader {
  title: string;
  description: string;
}

/**
 * The signed-in screens whose heading and description are the same for every customer, by the
 * message ids their PageHeader shows. A path open to all, or whose header depends on the data or
 * the user, has no first paint: it would show something the screen then takes back.
 *
 * @public The build's (vite.config.ts), not the app's.
 */
export const firstPaintHeaders: Partial<Record<FixedPath, FirstPaintHeader>> = {
  "/dashboard": { title: "dashboard.title", description: "dashboard.description" },
  "/accounts/linkedin": { title: "accounts.title", description: "accounts.description" },
  "/accounts/requests": { title: "replacements.title", description: "replacements.description" },
  "/optimization": {
    title: "optimizations.progress.title",
    description: "optimizations.progress.description",
  },
  "/profile-optimization": {
    title: "optimizations.criteria.title",
    description: "optimizations.criteria.description",
  },
  "/help-centre": { title: "help.title", description: "help.description" },
  "/settings": { title: "settings.page.title", description: "settings.page.description" },
  "/notifications": { title: "notifications.title", description: "notifications.page.description" },
  "/billing/orders": { title: "shop.order-history", description: "shop.history.description" },
  "/billing/transactions": {
    title: "billing.transactions.title",
    description: "billing.transactions.description",
  },
  // The console's screens: their headings are the same for every administrator.
  "/admin/sync": { title: "sync.page.title", description: "sync.page.description" },
  "/admin/payments/unlinked": {
    title: "billing.unlinked.title",
    description: "billing.unlinked.description",
  },
  "/admin/outbox": { title: "admin.outbox.title", description: "admin.outbox.description" },
  "/admin/customers": { title: "admin.customers.title", description: "admin.customers.description" },
  "/admin/audit": { title: "admin.audit.title", description: "admin.audit.description" },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// lucide's "menu" and "bell", and the brand's "network", as the app draws them.
const ICON =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"';
const MENU_ICON = `<svg ${ICON} class="size-5"><path d="M4 5h16"/><path d="M4 12h16"/><path d="M4 19h16"/></svg>`;
const BELL_ICON = `<svg ${ICON} class="size-5"><path d="M10.268 21a2 2 0 0 0 3.464 0"/><path d="M3.262 15.326A1 1 0 0 0 4 17h16a1 1 0 0 0 .74-1.673C19.41 13.956 18 12.499 18 8A6 6 0 0 0 6 8c0 4.499-1.411 5.956-2.738 7.326"/></svg>`;
const BRAND_ICON = `<svg ${ICON} class="size-4.5"><rect x="16" y="16" width="6" height="6" rx="1"/><rect x="2" y="16" width="6" height="6" rx="1"/><rect x="9" y="2" width="6" height="6" rx="1"/><path d="M5 16v-3a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v3M12 12V8"/></svg>`;

/**
 * The first paint's markup, with the page's title and description in its language and, where a
 * browser without JavaScript reads it, the page's `<noscript>` note (the first paint covers the
 * page until the app takes it away, which without JavaScript never happens). It holds nothing a
 * keyboard can reach: the buttons of the top bar are drawn, not made.
 *
 * @public The build's (vite.config.ts), not the app's.
 */
export function firstPaintShell({
  title,
  description,
  productName,
  noscript = "",
}: {
  title: string;
  description: string;
  productName: string;
  noscript?: string;
}): string {
  const iconButton = (icon: string) =>
    `<span class="inline-flex size-9 shrink-0 items-center justify-center">${icon}</span>`;
  return [
    `<div id="${FIRST_PAINT_ID}" class="fixed inset-0 z-50 overflow-hidden bg-background">`,
    // A wide screen's sidebar column, empty as the app shows it while its chunk loads.
    '<div class="fixed inset-y-0 hidden w-64 flex-col border-r border-sidebar-border lg:flex"><div class="h-full bg-sidebar"></div></div>',
    // A phone's top bar.
    '<div class="flex h-14 items-center gap-2 border-b bg-background px-3 lg:hidden">',
    iconButton(MENU_ICON),
    `<span class="flex items-center gap-2.5 font-semibold tracking-tight"><span class="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">${BRAND_ICON}</span><span>${escapeHtml(productName)}</span></span>`,
    `<span class="ml-auto">${iconButton(BELL_ICON)}</span>`,
    "</div>",
    '<div class="lg:pl-64"><div class="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">',
    '<div class="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between"><div class="space-y-1">',
    `<h1 class="text-2xl font-semibold tracking-tight">${escapeHtml(title)}</h1>`,
    `<p class="text-muted-foreground">${escapeHtml(description)}</p>`,
    "</div></div>",
    noscript,
    "</div></div></div>",
  ].join("");
}
