/**
 * A browser's device as a person reads it, in their language ("Chrome on Linux", "Chrome auf Linux"):
 * the browser's and the system's names are names, what the portal does not recognise is words.
 */
import type { Language } from "../../../shared/i18n/languages";
import { describeUserAgent, UNKNOWN_BROWSER, UNKNOWN_SYSTEM } from "../../../shared/user-agent";
import { sayIn } from "./message";

const DEVICE = /*i18n*/ { id: "answer.device", message: "{browser} on {os}" };
const DEVICE_UNKNOWN_BROWSER = /*i18n*/ { id: "answer.device.unknown-browser", message: "Unknown browser" };
const DEVICE_UNKNOWN_SYSTEM = /*i18n*/ { id: "answer.device.unknown-system", message: "an unknown system" };

export function deviceName(userAgent: string | null, language: Language): string {
  const { browser, os } = describeUserAgent(userAgent);
  return sayIn(language, {
    ...DEVICE,
    values: {
      browser: browser === UNKNOWN_BROWSER ? DEVICE_UNKNOWN_BROWSER : browser,
      os: os === UNKNOWN_SYSTEM ? DEVICE_UNKNOWN_SYSTEM : os,
    },
  });
}
