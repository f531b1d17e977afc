import { Eye } from "lucide-react";
import { Button } from "../../../components/ui/button";

/** "View as customer": not offered yet, so the button is shown but cannot be used. */
export function ViewAsButton({ customer }: { customer: { uid: string; name: string; email: string } }) {
  return (
    <Button variant="outline" disabled title={`Viewing the portal as ${customer.name} is not available yet`}>
      <Eye aria-hidden="true" />
      View as customer
    </Button>
  );
}
