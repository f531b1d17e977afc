/** How Recent Activity words an item and its time. */
import type { ActivityItem, RevealKind } from "../../../../shared/api/linkedin-accounts";
import { formatCount } from "../../../lib/format";

const revealWords: Record<RevealKind, [verb: string, what: string]> = {
  password: ["revealed", "the password"],
  proxyPassword: ["revealed", "the proxy password"],
  recoveryCodes: ["revealed", "the 2FA recovery codes"],
  loginCode: ["showed", "a 2FA login code"],
  export: ["exported", "the passwords"],
};

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * "Synced your accounts and optimizations: 12 records", "Revealed the password of ana@example.com",
 * "Exported the passwords of 40 accounts" (one action over several accounts is one line).
 */
export function describeActivity(item: ActivityItem): string {
  if (item.type === "sync") {
    if (item.status === "running") return "Syncing your LinkedIn accounts";
    if (item.status === "failed") return "A sync of your LinkedIn accounts failed";
    // A run's count covers the customer's optimizations as well as their accounts.
    const synced = `Synced your accounts and optimizations: ${plural(item.synced, "record")}`;
    return item.errors > 0 ? `${synced} (${plural(item.errors, "error")})` : synced;
  }
  const [verb, what] = revealWords[item.secret];
  const whose = item.accounts > 1 ? plural(item.accounts, "account") : item.account;
  const sentence = `${verb} ${what} of ${whose}`;
  return item.byAnotherUser
    ? `An administrator ${sentence}`
    : sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** "just now", "5 minutes ago", "yesterday": the exact local time goes in the element's title. */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  if (Math.abs(seconds) < 45) return "just now";
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, "second");
}

export function localDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
