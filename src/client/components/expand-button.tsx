import { ChevronDown, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/utils";
import { Button, type ButtonProps } from "./ui/button";

/**
 * The button that opens and closes a card's or a row's details: aria-expanded, aria-controls while
 * the details are there, and a chevron that turns. Either visible words (`children`) or, for an icon
 * alone, an accessible `label`.
 */
export function ExpandButton({
  expanded,
  onToggle,
  controls,
  label,
  chevron = "down",
  variant = "outline",
  size = "sm",
  className,
  children,
}: {
  expanded: boolean;
  onToggle: () => void;
  /** The id of the details this button shows. */
  controls: string;
  /** The button's name when it shows only the chevron. */
  label?: string;
  /** "right" turns to point down when open (a row); "down" turns to point up (a card). */
  chevron?: "down" | "right";
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  className?: string;
  children?: ReactNode;
}) {
  const Icon = chevron === "right" ? ChevronRight : ChevronDown;
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      aria-label={label}
      onClick={onToggle}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          "transition-transform motion-reduce:transition-none",
          expanded && (chevron === "right" ? "rotate-90" : "rotate-180"),
        )}
      />
      {children}
    </Button>
  );
}
