import { CircleCheck, MailCheck } from "lucide-react";
import type { ReactNode } from "react";

/**
 * What a signed-out screen says once its step is done, announced as it appears: a link was mailed
 * ("mail"), or the change has been made ("done").
 */
export function AuthNotice({ icon, children }: { icon: "mail" | "done"; children: ReactNode }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
      {icon === "mail" ? (
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary dark:text-blue-300">
          <MailCheck aria-hidden="true" className="size-4.5" />
        </span>
      ) : (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      )}
      <span className="leading-relaxed">{children}</span>
    </div>
  );
}
