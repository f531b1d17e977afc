import type { ReactNode } from "react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "../../../components/brand-mark";

/**
 * The card every signed-out screen is built in: a heading, a line of text, the form, then links. The
 * design system's card, written out with this card's spacing rather than overriding ui/card's classes:
 * the sign-in page renders without tailwind-merge (lib/utils.ts).
 */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div
      data-slot="card"
      className="flex flex-col gap-5 rounded-xl border bg-card py-6 text-card-foreground shadow-sm"
    >
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <div data-slot="card-header" className="flex flex-col gap-1.5 px-6">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p data-slot="card-description" className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      {children ? (
        <div data-slot="card-content" className="px-6">
          {children}
        </div>
      ) : null}
      {footer ? (
        <div data-slot="card-footer" className="flex flex-col items-start gap-2 px-6 text-sm">
          {footer}
        </div>
      ) : null}
    </div>
  );
}

export const authLinkClass =
  "font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none dark:text-blue-300";

/** A line under a signed-out screen's card: a question, then the link that answers it. */
export function AuthFooterLink({
  prompt,
  to,
  children,
}: {
  prompt: ReactNode;
  to: string;
  children: ReactNode;
}) {
  return (
    <p className="text-muted-foreground">
      {prompt}{" "}
      <Link to={to} className={authLinkClass}>
        {children}
      </Link>
    </p>
  );
}
