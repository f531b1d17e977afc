/** What `describeUserAgent` says of a browser or a system it does not recognise, in English. */
export const UNKNOWN_BROWSER = "Unknown browser";
export const UNKNOWN_SYSTEM = "an unknown system";

/** A short, human name for the device behind a session's User-Agent, such as "Chrome on Windows". */
export function describeUserAgent(userAgent: string | null): {
  browser: string;
  os: string;
  mobile: boolean;
} {
  const ua = userAgent ?? "";
  const browser = /Edg(e|A|iOS)?\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\/|FxiOS\//.test(ua)
        ? "Firefox"
        : /Chrome\/|CriOS\/|Chromium\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : UNKNOWN_BROWSER;
  const os = /iPhone|iPad|iPod/.test(ua)
    ? "iOS"
    : /Android/.test(ua)
      ? "Android"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /CrOS/.test(ua)
            ? "ChromeOS"
            : /Linux/.test(ua)
              ? "Linux"
              : UNKNOWN_SYSTEM;
  return { browser, os, mobile: /Mobi|iPhone|Android/.test(ua) };
}
