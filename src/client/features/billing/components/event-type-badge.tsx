import { useLingui } from "@lingui/react/macro";
import { paymentKindOf } from "../../../../shared/billing/payment-kinds";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";
import { type EventTone, eventTone, PAYMENT_KIND_WORDS } from "./transaction-format";

// Spec section 4; each pair keeps AA contrast in both themes.
const toneClasses: Record<EventTone, string> = {
  green: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  blue: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  red: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  yellow: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200",
  grey: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200",
};

/**
 * What the event means to the customer ("Payment", "Renewal", "Payment failed", "Refund", or
 * "Other"), in the spec's colour of its event type; the code itself is in the card's details.
 */
export function EventTypeBadge({ eventType }: { eventType: string }) {
  const { i18n } = useLingui();
  const tone = eventTone(eventType);
  return (
    <Badge
      variant="outline"
      data-tone={tone}
      data-event-type={eventType}
      className={cn("border-transparent", toneClasses[tone])}
    >
      {i18n._(PAYMENT_KIND_WORDS[paymentKindOf(eventType)])}
    </Badge>
  );
}
