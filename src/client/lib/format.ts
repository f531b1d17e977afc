/** How every screen writes dates, times and counts: in the browser's own locale and time zone. */

/** An ISO time as a local date; text that is not a time is shown as it is. */
export function formatDate(iso: string, dateStyle: "medium" | "long" = "medium"): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle });
}

/** An ISO time as a local date and time; text that is not a time is shown as it is. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/**
 * A count in the browser's locale. Below 1,000 a whole number reads the same in every locale the
 * portal's English screens are written for, and is written without `Intl`: the browser's first use
 * of it loads its locale data, a long task on a phone (decision 013), and most screens' counts are
 * small.
 */
export function formatCount(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1000 ? String(value) : value.toLocaleString();
}
