import { useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { type Ref, useId } from "react";
import { cn } from "../lib/utils";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

/** A list's search: a visible label, a magnifier, and a search input (Escape clears it in browsers). */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
  maxLength,
  inputRef,
  className,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  maxLength?: number;
  /** For the page to put focus back here (after clearing the filters, say). */
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className={cn("min-w-0 space-y-2", className)}>
      <Label htmlFor={id}>{label ?? t({ id: "common.search", message: "Search" })}</Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={inputRef}
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          placeholder={placeholder}
          className="pl-9"
          autoComplete="off"
        />
      </div>
    </div>
  );
}
