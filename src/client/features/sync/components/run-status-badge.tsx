import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";
import type { SyncRunStatus } from "../../../../shared/api/sync";
import { Badge } from "../../../components/ui/badge";

const looks = {
  succeeded: { variant: "success", label: "Succeeded", icon: <CircleCheck aria-hidden="true" /> },
  failed: { variant: "destructive", label: "Failed", icon: <CircleX aria-hidden="true" /> },
  running: {
    variant: "default",
    label: "Running",
    icon: <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />,
  },
} as const satisfies Record<SyncRunStatus, object>;

/** A run's status: green when it succeeded, red when it failed, blue (the primary colour) while it runs. */
export function RunStatusBadge({ status }: { status: SyncRunStatus }) {
  const { variant, label, icon } = looks[status];
  return (
    <Badge variant={variant}>
      {icon}
      {label}
    </Badge>
  );
}
