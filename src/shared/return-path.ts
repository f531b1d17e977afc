/**
 * Where a sign-in returns to: the page a signed-out visitor asked for, carried as `/login?next=<path>`
 * (and, for Google, kept with the server-side flow). Only a path of the app's signed-in area on the
 * portal's own origin is honoured; anything else falls back to the dashboard (decision 031). Kept
 * free of zod: the sign-in screen's first load reads it.
 */

/** The query parameter that carries the return path. */
export const RETURN_PATH_PARAM = "next";

/** Where a sign-in ends when no page was asked for, or the one asked for is not honoured. */
export const DEFAULT_RETURN_PATH = "/dashboard";

/** Longer than any link the app makes; a longer value is refused rather than cut. */
export const MAX_RETURN_PATH_LENGTH = 2048;

/**
 * The top-level sections of the signed-in area (the client's app/routes/paths.ts lists its pages;
 * a unit test checks that each of them is accepted here). A section, not each page, so that a new
 * page in a section needs no change here.
 */
const SIGNED_IN_SECTIONS = new Set([
  "dashboard",
  "accounts",
  "optimization",
  "profile-optimization",
  "orders",
  "help-centre",
  "settings",
  "checkout",
  "billing",
  "admin",
  "notifications",
]);

// A base no browser can reach: a value that resolves to any other origin is not a path of the app.
const BASE = "https://portal.invalid";

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Whether one spelling of the value could take a browser (or a server that decodes it) off the
 * portal: it must start with exactly one slash, and hold no backslash (browsers read `/\host` as
 * `//host`) and no control character (the URL parser drops tabs and newlines, so `/\t/host` is
 * `//host`).
 */
function stillLocal(spelling: string): boolean {
  return (
    spelling.startsWith("/") &&
    !spelling.startsWith("//") &&
    !spelling.includes("\\") &&
    !CONTROL_CHARACTER.test(spelling)
  );
}

/**
 * Decodes the ASCII escapes of a string (`%2F`, `%5C`, `%09`...), leaving any other `%` as it is.
 * Only ASCII can turn a path into another origin, and unlike decodeURIComponent this never throws,
 * so a malformed escape elsewhere cannot hide a decodable one from the check.
 */
function decodeAsciiEscapes(value: string): string {
  return value.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * The normalised return path that `raw` names (path, query and hash), or null when it is not a
 * same-origin path of the signed-in area: an absolute URL, `//host`, a backslash, a control
 * character, an escape that decodes to any of these (however often escaped), a path outside the
 * signed-in area (the API, the sign-in screens), or a value longer than MAX_RETURN_PATH_LENGTH.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_RETURN_PATH_LENGTH) return null;
  // Each decoding stands for one more reader that might decode the value before it is used. Every
  // round that changes it makes it shorter, so the loop ends.
  let spelling = raw;
  for (;;) {
    if (!stillLocal(spelling)) return null;
    const decoded = decodeAsciiEscapes(spelling);
    if (decoded === spelling) break;
    spelling = decoded;
  }

  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Dot segments are resolved by now (`/settings/../api` is `/api`), escaped ones too.
  const section = url.pathname.split("/")[1]?.toLowerCase() ?? "";
  if (!SIGNED_IN_SECTIONS.has(section)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.length <= MAX_RETURN_PATH_LENGTH ? path : null;
}

/** `to` with the return path in its query (`/login?next=/accounts/linkedin`), or `to` when there is none. */
export function withReturnPath(to: string, returnPath: string | null | undefined): string {
  if (!returnPath) return to;
  // Slashes kept as they are, so the address stays readable; everything else a query needs escaped.
  const value = encodeURIComponent(returnPath).replace(/%2F/gi, "/");
  return `${to}${to.includes("?") ? "&" : "?"}${RETURN_PATH_PARAM}=${value}`;
}
