import { useLingui } from "@lingui/react/macro";
import { Mail, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { useId } from "react";
import { StartChat } from "./start-chat";

function ContactCard({
  icon,
  title,
  children,
  badge,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  badge?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary dark:text-blue-300">
          {icon}
        </span>
        {badge}
      </div>
      <h2 id={titleId} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const linkClass =
  "font-medium text-primary underline-offset-4 hover:underline dark:text-blue-300 [overflow-wrap:anywhere]";

/** A phone number as a tel: link wants it: the leading plus and the digits. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** Email, phone and live chat, with the hours and response times the help centre promises. */
export function ContactCards({
  supportEmail,
  supportPhone,
  chatWidgetId,
}: {
  supportEmail: string;
  supportPhone: string;
  chatWidgetId: string | null;
}) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <ContactCard
        icon={<Mail aria-hidden="true" className="size-5" />}
        title={t({ id: "help.contact.email.title", message: "Email Support" })}
      >
        <a href={`mailto:${supportEmail}`} className={linkClass}>
          {supportEmail}
        </a>
        <p className="text-sm text-muted-foreground">
          {t({ id: "help.contact.email.text", message: "We reply within 24 hours." })}
        </p>
      </ContactCard>
      <ContactCard
        icon={<Phone aria-hidden="true" className="size-5" />}
        title={t({ id: "help.contact.phone.title", message: "Phone Support" })}
      >
        <a href={telHref(supportPhone)} className={linkClass}>
          {supportPhone}
        </a>
        <p className="text-sm text-muted-foreground">
          {t({ id: "help.contact.phone.hours", message: "Mon-Fri 9AM-6PM GMT" })}
        </p>
      </ContactCard>
      <ContactCard
        icon={<MessageCircle aria-hidden="true" className="size-5" />}
        title={t({ id: "help.contact.chat.title", message: "Live Chat" })}
        badge={
          <span className="inline-flex items-center gap-1.5 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-950 dark:text-green-200">
            <span aria-hidden="true" className="size-2 rounded-full bg-green-600 dark:bg-green-400" />
            {t({ id: "help.contact.chat.online", message: "Online" })}
          </span>
        }
      >
        <p className="text-sm text-muted-foreground">
          {t({ id: "help.contact.chat.response", message: "Average response: 2 minutes" })}
        </p>
        <div className="mt-auto">
          <StartChat chatWidgetId={chatWidgetId} supportEmail={supportEmail} />
        </div>
      </ContactCard>
    </div>
  );
}
