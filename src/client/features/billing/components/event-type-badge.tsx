import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";
import { type EventTone, eventTone } from "./transaction-format";

// Spec section 4; each pair keeps AA contrast in both themes.
const toneClasses: Record<EventTone, string> = {
  green: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  blue: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  red: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  yellow: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200",
  grey: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200",
};

/** The event type as stored (dots and all), in the spec's colour; a type the spec does not colour is grey. */
export function EventTypeBadge({ eventType }: { eventType: string }) {
  const tone = eventTone(eventType);
  return (
    <Badge
      variant="outline"
      data-tone={tone}
      // A long type from the payment provider wraps rather than widening a phone's screen.
      className={cn("max-w-full border-transparent font-mono whitespace-normal break-all", toneClasses[tone])}
    >
      {eventType}
    </Badge>
  );
}
