import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";
import type { SyncRunStatus } from "../../../../shared/api/sync";
import { Badge } from "../../../components/ui/badge";

const looks = {
  succeeded: {
    variant: "success",
    label: msg({ id: "sync.status.succeeded", message: "Succeeded" }),
    icon: <CircleCheck aria-hidden="true" />,
  },
  failed: {
    variant: "destructive",
    label: msg({ id: "sync.status.failed", message: "Failed" }),
    icon: <CircleX aria-hidden="true" />,
  },
  running: {
    variant: "default",
    label: msg({ id: "sync.status.running", message: "Running" }),
    icon: <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />,
  },
} as const satisfies Record<SyncRunStatus, object>;

/** A run's status: green when it succeeded, red when it failed, blue (the primary colour) while it runs. */
export function RunStatusBadge({ status }: { status: SyncRunStatus }) {
  const { i18n } = useLingui();
  const { variant, label, icon } = looks[status];
  return (
    <Badge variant={variant}>
      {icon}
      {i18n._(label)}
    </Badge>
  );
}
