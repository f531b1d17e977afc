import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ArrowRight, ShoppingCart, Users } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

const ACTIONS = [
  {
    to: "/accounts/linkedin",
    label: msg({ id: "dashboard.quick-actions.accounts", message: "View LinkedIn Accounts" }),
    Icon: Users,
  },
  {
    to: "/orders",
    label: msg({ id: "dashboard.quick-actions.order", message: "Order New Accounts" }),
    Icon: ShoppingCart,
  },
];

export function QuickActionsCard() {
  const { i18n, t } = useLingui();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>
          {t({ id: "dashboard.quick-actions.title", message: "Quick Actions" })}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {ACTIONS.map(({ to, label, Icon }) => (
          <Button key={to} asChild variant="outline" className="justify-between">
            <Link to={to}>
              <span className="flex items-center gap-2">
                <Icon aria-hidden="true" />
                {i18n._(label)}
              </span>
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ))}
      </CardContent>
    </Card>
  );
}
