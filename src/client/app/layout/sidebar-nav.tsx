import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import {
  Banknote,
  BookOpen,
  BriefcaseBusiness,
  ChevronDown,
  ClipboardList,
  Contact,
  CreditCard,
  DatabaseZap,
  ExternalLink,
  Flag,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  Mail,
  MessageCircle,
  Receipt,
  ScrollText,
  Settings,
  Share2,
  ShoppingCart,
  Sparkles,
  Users,
} from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../components/ui/tooltip";
import { cn } from "../../lib/utils";

const itemClass =
  "flex h-9 w-full items-center gap-3 rounded-md px-3 text-left text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&>svg]:size-4 [&>svg]:shrink-0";
const interactiveClass =
  "text-sidebar-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground aria-[current=page]:bg-sidebar-accent aria-[current=page]:text-sidebar-accent-foreground aria-[current=page]:font-semibold";

/** An entry's name: a message, read in the page's language, or a name that is the same in all (LinkedIn). */
type Label = MessageDescriptor | string;

interface NavLinkItem {
  kind: "link";
  to: string;
  label: Label;
  icon: LucideIcon;
  /** A green badge beside the name. */
  badge?: MessageDescriptor;
}
interface NavSoonItem {
  kind: "soon";
  label: Label;
  icon: LucideIcon;
}
type NavChild = NavLinkItem | NavSoonItem;

const nameOf = (label: Label, i18n: I18n) => (typeof label === "string" ? label : i18n._(label));
const keyOf = (label: Label) => (typeof label === "string" ? label : label.id);

const accountsGroup: NavChild[] = [
  {
    kind: "link",
    to: "/accounts/linkedin",
    label: "LinkedIn",
    icon: BriefcaseBusiness,
    badge: msg({ id: "layout.nav.linkedin-active", message: "Active" }),
  },
  {
    kind: "link",
    to: "/accounts/requests",
    label: msg({ id: "layout.nav.requests", message: "Requests" }),
    icon: Flag,
  },
  { kind: "soon", label: msg({ id: "layout.nav.email", message: "Email" }), icon: Mail },
  { kind: "soon", label: "WhatsApp", icon: MessageCircle },
  { kind: "soon", label: "Facebook", icon: Share2 },
];

const billingGroup: NavChild[] = [
  {
    kind: "link",
    to: "/orders",
    label: msg({ id: "layout.nav.orders", message: "Orders" }),
    icon: ShoppingCart,
  },
  {
    kind: "link",
    to: "/billing/orders",
    label: msg({ id: "layout.nav.order-history", message: "Order History" }),
    icon: ClipboardList,
  },
  {
    kind: "link",
    to: "/billing/transactions",
    label: msg({ id: "layout.nav.transactions", message: "Transaction History" }),
    icon: Receipt,
  },
];

/** The operator's console: shown to admins only. */
const adminLinks: NavLinkItem[] = [
  {
    kind: "link",
    to: "/admin/customers",
    label: msg({ id: "layout.nav.admin.customers", message: "Customers" }),
    icon: Contact,
  },
  {
    kind: "link",
    to: "/admin/audit",
    label: msg({ id: "layout.nav.admin.audit", message: "Audit log" }),
    icon: ScrollText,
  },
  {
    kind: "link",
    to: "/admin/payments/unlinked",
    label: msg({ id: "layout.nav.admin.payments", message: "Payments" }),
    icon: Banknote,
  },
  {
    kind: "link",
    to: "/admin/sync",
    label: msg({ id: "layout.nav.admin.sync", message: "Sync" }),
    icon: DatabaseZap,
  },
  {
    kind: "link",
    to: "/admin/outbox",
    label: msg({ id: "layout.nav.admin.outbox", message: "Outbox" }),
    icon: Inbox,
  },
];

function NavItemLink({
  item,
  current,
  onNavigate,
}: {
  item: NavLinkItem;
  current: string | undefined;
  onNavigate: (() => void) | undefined;
}) {
  const { i18n } = useLingui();
  const Icon = item.icon;
  return (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={current === item.to ? "page" : undefined}
      className={cn(itemClass, interactiveClass)}
    >
      <Icon aria-hidden="true" />
      <span className="flex-1 truncate">{nameOf(item.label, i18n)}</span>
      {item.badge ? <Badge variant="success">{i18n._(item.badge)}</Badge> : null}
    </Link>
  );
}

/**
 * A coming-soon entry: present so customers know it is planned, but not a link anywhere. A disabled
 * button is announced as unavailable and is no tab stop; it takes no pointer events, so the tooltip
 * hangs on a span around it.
 */
function NavItemSoon({ item }: { item: NavSoonItem }) {
  const { i18n, t } = useLingui();
  const Icon = item.icon;
  const name = nameOf(item.label, i18n);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span className="block cursor-not-allowed">
          <button
            type="button"
            disabled
            className={cn(itemClass, "pointer-events-none text-sidebar-muted-foreground")}
          >
            <Icon aria-hidden="true" />
            <span className="flex-1 truncate">{name}</span>
            <Badge variant="secondary">{t({ id: "layout.nav.soon", message: "Soon" })}</Badge>
          </button>
        </span>
      </TooltipTrigger>
      <TooltipContent side="right">
        {t({ id: "layout.nav.soon-tooltip", message: `${name} accounts are coming soon` })}
      </TooltipContent>
    </Tooltip>
  );
}

function NavGroup({
  label,
  icon: Icon,
  items,
  defaultOpen,
  current,
  onNavigate,
}: {
  label: string;
  icon: LucideIcon;
  items: NavChild[];
  defaultOpen: boolean;
  current: string | undefined;
  onNavigate: (() => void) | undefined;
}) {
  const listId = useId();
  const containsCurrent = items.some((item) => item.kind === "link" && item.to === current);
  const [open, setOpen] = useState(defaultOpen || containsCurrent);
  // Arriving on one of the group's pages (from a link elsewhere) reveals where you are.
  const [wasContaining, setWasContaining] = useState(containsCurrent);
  if (containsCurrent !== wasContaining) {
    setWasContaining(containsCurrent);
    if (containsCurrent) setOpen(true);
  }

  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={cn(itemClass, interactiveClass)}
      >
        <Icon aria-hidden="true" />
        <span className="flex-1 truncate">{label}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn(
            "text-sidebar-muted-foreground transition-transform duration-200",
            open && "rotate-180",
          )}
        />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 ml-5 space-y-1 border-l border-sidebar-border pl-2">
        {items.map((item) => (
          <li key={item.kind === "link" ? item.to : keyOf(item.label)}>
            {item.kind === "link" ? (
              <NavItemLink item={item} current={current} onNavigate={onNavigate} />
            ) : (
              <NavItemSoon item={item} />
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The sidebar's links, in the order of the spec's "Sidebar navigation". */
export function SidebarNav({
  current,
  isAdmin,
  knowledgeBaseUrl,
  onNavigate,
}: {
  /** The path of the entry that stands for the current page. */
  current: string | undefined;
  /** Shows the Admin group: an admin, not while they view the portal as a customer. */
  isAdmin: boolean;
  /** Absent while the public configuration loads; the entry then waits for it. */
  knowledgeBaseUrl: string | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useLingui();
  const adminHeadingId = useId();
  const link = (to: string, label: string, icon: LucideIcon) => (
    <li>
      <NavItemLink item={{ kind: "link", to, label, icon }} current={current} onNavigate={onNavigate} />
    </li>
  );

  return (
    <nav
      aria-label={t({ id: "layout.nav.label", message: "Main" })}
      className="flex-1 space-y-6 overflow-y-auto px-3 py-4"
    >
      <ul className="space-y-1">
        {link("/dashboard", t({ id: "layout.nav.dashboard", message: "Dashboard" }), LayoutDashboard)}
        <NavGroup
          label={t({ id: "layout.nav.accounts", message: "Accounts" })}
          icon={Users}
          items={accountsGroup}
          defaultOpen
          current={current}
          onNavigate={onNavigate}
        />
        <NavGroup
          label={t({ id: "layout.nav.billing", message: "Billing & Orders" })}
          icon={CreditCard}
          items={billingGroup}
          defaultOpen={false}
          current={current}
          onNavigate={onNavigate}
        />
        {link(
          "/optimization",
          t({ id: "layout.nav.optimization", message: "Profile Optimization" }),
          Sparkles,
        )}
        {link("/help-centre", t({ id: "layout.nav.help-centre", message: "Help Centre" }), LifeBuoy)}
        {knowledgeBaseUrl ? (
          <li>
            <a
              href={knowledgeBaseUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={cn(itemClass, interactiveClass)}
            >
              <BookOpen aria-hidden="true" />
              <span className="flex-1 truncate">
                {t({ id: "layout.nav.knowledge-base", message: "Knowledge Base" })}
                <span className="sr-only">
                  {" "}
                  {t({ id: "layout.nav.new-tab", message: "(opens in a new tab)" })}
                </span>
              </span>
              <ExternalLink aria-hidden="true" className="text-sidebar-muted-foreground" />
            </a>
          </li>
        ) : null}
        {link("/settings", t({ id: "layout.nav.settings", message: "Settings" }), Settings)}
      </ul>
      {isAdmin ? (
        <div className="space-y-1">
          <h2
            id={adminHeadingId}
            className="px-3 text-xs font-semibold tracking-wider text-sidebar-muted-foreground uppercase"
          >
            {t({ id: "layout.nav.admin", message: "Admin" })}
          </h2>
          <ul aria-labelledby={adminHeadingId} className="space-y-1">
            {adminLinks.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} current={current} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </nav>
  );
}
