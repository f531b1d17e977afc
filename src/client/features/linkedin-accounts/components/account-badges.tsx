import { useLingui } from "@lingui/react/macro";
import type { AccountStatus, AccountType } from "../../../../shared/linkedin-account-rules";
import {
  ACCOUNT_TYPE_LABELS,
  accountStatusOf,
  isAccountType,
} from "../../../../shared/linkedin-account-rules";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/utils";
import { ACCOUNT_STATUS_WORDS } from "./account-words";

// Spec section 4. Each pair keeps AA contrast in both themes.
const typeColours: Record<AccountType, string> = {
  lite: "bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  plus: "bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-200",
  exec: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  navigator: "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
};

const statusColours: Record<AccountStatus, string> = {
  "signed-in": "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  "wrong-password": "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  restricted: "bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200",
  "not-signed-in": "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200",
};

/** An account type the rules do not know shows as it is stored, in grey. The types are product names, in every language. */
export function TypeBadge({ type }: { type: string }) {
  const known = isAccountType(type);
  return (
    <Badge
      variant="outline"
      className={cn("border-transparent", known ? typeColours[type] : statusColours["not-signed-in"])}
    >
      {known ? ACCOUNT_TYPE_LABELS[type] : type}
    </Badge>
  );
}

/** The status text comes from the operator's base; its title keeps the exact words (e.g. "Restricted - Submit ID"). */
export function StatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const kind = accountStatusOf(status);
  return (
    <Badge variant="outline" className={cn("border-transparent", statusColours[kind])} title={status}>
      {i18n._(ACCOUNT_STATUS_WORDS[kind])}
    </Badge>
  );
}
