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

export function formatCount(value: number): string {
  return value.toLocaleString();
}
