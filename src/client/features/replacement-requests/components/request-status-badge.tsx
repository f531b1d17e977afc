/** A replacement request's status as a coloured badge. */
import { useLingui } from "@lingui/react/macro";
import type { RequestStatus } from "../../../../shared/api/replacement-requests";
import { REQUEST_STATUS_CLASSES, REQUEST_STATUS_LABELS } from "../../../components/request-words";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";

export function RequestStatusBadge({ status, className }: { status: RequestStatus; className?: string }) {
  const { i18n } = useLingui();
  return (
    <Badge
      variant="outline"
      data-status={status}
      className={cn("border-transparent", REQUEST_STATUS_CLASSES[status], className)}
    >
      {i18n._(REQUEST_STATUS_LABELS[status])}
    </Badge>
  );
}
