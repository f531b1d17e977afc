import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { cn } from "../lib/utils";

/** The value as an http(s) URL, or undefined: text from the operator's base is not always a link. */
export function httpUrlOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A link to another site, opened in a new tab (and said so to screen readers); a value that is no
 * http(s) URL is shown as plain text instead, so nothing else can become a link.
 */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string | null | undefined;
  children?: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  const url = httpUrlOf(href);
  if (!url) return <span className={cn("break-words", className)}>{children ?? href}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        "break-all text-primary underline-offset-4 hover:underline dark:text-blue-300",
        className,
      )}
    >
      {children ?? href}
      <span className="sr-only">
        {" "}
        {t({ id: "common.opens-in-new-tab", message: "(opens in a new tab)" })}
      </span>
    </a>
  );
}
