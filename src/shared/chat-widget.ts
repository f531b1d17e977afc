/**
 * The live chat of the help centre (decision D4): Crisp, loaded only on the help-centre page and only
 * when CHAT_WIDGET_ID is configured. The server's content security policy allows Crisp's hosts on
 * that page alone, and the page loads the script, so both read the page and the hosts from here.
 */

export const CHAT_WIDGET_PAGE = "/help-centre";

/** The Crisp loader; it reads `window.CRISP_WEBSITE_ID` and works through the `window.$crisp` queue. */
export const CRISP_SCRIPT_URL = "https://client.crisp.chat/l.js";

/**
 * What Crisp needs beyond the portal's own policy (docs.crisp.chat, "Crisp Domain Names"): its
 * scripts, styles, fonts and workers, its message socket and its file storage. Images need nothing
 * more, as the policy already allows https images.
 */
export const CRISP_CSP_SOURCES = {
  "script-src": ["https://client.crisp.chat"],
  "style-src": ["https://client.crisp.chat"],
  "font-src": ["https://client.crisp.chat"],
  "connect-src": ["https://client.crisp.chat", "https://storage.crisp.chat", "wss://client.relay.crisp.chat"],
} as const;

/**
 * Whether a path is the help-centre page as the client's router matches it: any case, with or
 * without a trailing slash.
 */
export function isChatWidgetPage(pathname: string): boolean {
  return pathname.toLowerCase().replace(/\/+$/, "") === CHAT_WIDGET_PAGE;
}
