import { ArrowRight, ShoppingCart, Users } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

export function QuickActionsCard() {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <Button asChild variant="outline" className="justify-between">
          <Link to="/accounts/linkedin">
            <span className="flex items-center gap-2">
              <Users aria-hidden="true" />
              View LinkedIn Accounts
            </span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button asChild variant="outline" className="justify-between">
          <Link to="/orders">
            <span className="flex items-center gap-2">
              <ShoppingCart aria-hidden="true" />
              Order New Accounts
            </span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
