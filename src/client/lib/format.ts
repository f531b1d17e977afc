/**
 * How every screen writes dates, times, counts and amounts: in the language the page speaks, in the
 * browser's own time zone.
 */

/**
 * The locale `Intl` formats in: the browser's own locale when it is a variant of the language the page
 * speaks (an English page in a British browser writes "28 Nov 2026", in an Austrian one German writes
 * "28.11.2026"), else the language itself. The page's language is read from `<html lang>`, which
 * follows the active catalogue (lib/i18n/language.ts): importing the catalogues' instance here would
 * pull the signed-in screens' shared modules into the sign-in page's first load.
 */
export function formattingLocale(): string {
  if (typeof document === "undefined") return "en";
  const language = document.documentElement.lang.toLowerCase().split("-")[0] || "en";
  const own = navigator.languages ?? [];
  return own.find((tag) => tag.toLowerCase().split("-")[0] === language) ?? language;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One `Intl.DateTimeFormat` per locale and style, made once: `toLocaleString` would make one for
 * every date written, and a list of them costs a phone a frame.
 */
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${options.dateStyle ?? ""}|${options.timeStyle ?? ""}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** An ISO time as a local date; text that is not a time is shown as it is. */
export function formatDate(iso: string, dateStyle: "medium" | "long" = "medium"): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat(formattingLocale(), { dateStyle }).format(date);
}

/** An ISO time as a local date and time; text that is not a time is shown as it is. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : dateFormat(formattingLocale(), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** One relative-time format ("5 minutes ago", "yesterday") per locale, made once rather than per item. */
export function relativeTimeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
    relativeFormats.set(locale, format);
  }
  return format;
}

/**
 * A count in the page's locale. Below 1,000 a whole number reads the same in every locale the
 * portal speaks, and is written without `Intl`: the browser's first use
 * of it loads its locale data, a long task on a phone (decision 013), and most screens' counts are
 * small.
 */
export function formatCount(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1000
    ? String(value)
    : value.toLocaleString(formattingLocale());
}
