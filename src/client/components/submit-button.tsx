import { LoaderCircle } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "./ui/button";

/** A form's submit button: disabled with a spinner while the request is pending. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, "type" | "disabled"> & {
  pending: boolean;
  /** The label while pending; the normal label stays when omitted. */
  pendingLabel?: ReactNode;
}) {
  return (
    <Button type="submit" disabled={pending} {...props}>
      {pending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
