import { useLingui } from "@lingui/react/macro";
import {
  type OptimizationTone,
  optimizationStatusText,
  optimizationToneOf,
} from "../../shared/optimization-status";
import { cn } from "../lib/utils";
import { Badge } from "./ui/badge";

// Decision R14's colours. Each pair keeps AA contrast in both themes.
const toneClasses: Record<OptimizationTone, string> = {
  blue: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  yellow: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200",
  green: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  grey: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200",
};

/** A profile-optimization request's status as the base holds it, in its colour; both optimization screens show it. */
export function OptimizationStatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const tone = optimizationToneOf(status);
  return (
    <Badge variant="outline" data-tone={tone} className={cn("border-transparent", toneClasses[tone])}>
      {optimizationStatusText(status, i18n)}
    </Badge>
  );
}
