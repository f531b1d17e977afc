import { CircleCheck, CircleX, LoaderCircle } from "lucide-react";
import type { SyncRunStatus } from "../../../../shared/api/sync";
import { Badge } from "../../../components/ui/badge";

/** A run's status: green when it succeeded, red when it failed, blue (the primary colour) while it runs. */
export function RunStatusBadge({ status }: { status: SyncRunStatus }) {
  switch (status) {
    case "succeeded":
      return (
        <Badge variant="success">
          <CircleCheck aria-hidden="true" />
          Succeeded
        </Badge>
      );
    case "failed":
      return (
        <Badge variant="destructive">
          <CircleX aria-hidden="true" />
          Failed
        </Badge>
      );
    case "running":
      return (
        <Badge variant="default">
          <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          Running
        </Badge>
      );
  }
}
