import { type ReactNode, useId } from "react";
import { cn } from "../lib/utils";
import { Label } from "./ui/label";

/** What a field's control needs to be labelled and to point at its hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export const fieldErrorClass = "text-sm text-destructive dark:text-red-300";

/**
 * A labelled form control with an optional hint and error message, linked to the control through
 * aria-describedby so a screen reader reads them with it. The control is rendered by `children`.
 */
export function FormField({
  label,
  error,
  hint,
  labelAside,
  className,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row (a "Forgot password?" link, say), reached after the control. */
  labelAside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  // The aside comes after the control in the page, so that Tab goes from the control on to it,
  // while the grid draws it at the end of the label's row.
  return (
    <div className={cn("grid grid-cols-[minmax(0,1fr)_auto] gap-2", className)}>
      <div className="col-start-1 row-start-1 flex min-h-4 items-center">
        <Label htmlFor={id}>{label}</Label>
      </div>
      <div className="col-span-2 grid gap-2">
        {children({
          id,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy || undefined,
        })}
        {error ? (
          <p id={errorId} className={fieldErrorClass}>
            {error}
          </p>
        ) : null}
        {hint ? (
          <div id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </div>
        ) : null}
      </div>
      {labelAside ? <div className="col-start-2 row-start-1 flex items-center">{labelAside}</div> : null}
    </div>
  );
}
