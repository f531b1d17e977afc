import type { ReactNode } from "react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "../../../components/brand-mark";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../../components/ui/card";

/** The card every signed-out screen is built in: a heading, a line of text, the form, then links. */
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
    <Card className="gap-5">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <CardHeader>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      {children ? <CardContent>{children}</CardContent> : null}
      {footer ? <CardFooter className="flex-col items-start gap-2 text-sm">{footer}</CardFooter> : null}
    </Card>
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
