/**
 * The Crisp chat widget (decision D4), loaded the first time a customer starts a chat and never
 * before: no third-party script runs for anyone who does not ask for it. Crisp reads its website id
 * from `window.CRISP_WEBSITE_ID` and its commands from the `window.$crisp` queue, which it takes over
 * once loaded.
 */
import { CRISP_SCRIPT_URL, isChatWidgetPage } from "../../../../shared/chat-widget";

type CrispCommand = [string, string, unknown[]?];

declare global {
  interface Window {
    $crisp?: { push(command: CrispCommand): unknown };
    CRISP_WEBSITE_ID?: string;
  }
}

function queue(): { push(command: CrispCommand): unknown } {
  window.$crisp ??= [] as CrispCommand[];
  return window.$crisp;
}

function loadCrisp(websiteId: string): void {
  if (document.querySelector(`script[src="${CRISP_SCRIPT_URL}"]`)) return;
  window.CRISP_WEBSITE_ID = websiteId;
  queue();
  const script = document.createElement("script");
  script.src = CRISP_SCRIPT_URL;
  script.async = true;
  document.head.appendChild(script);
}

/**
 * Whether this document may run the widget: the server's content security policy allows Crisp only
 * on a document that was loaded at the help-centre page. The app moves between pages without loading
 * a new document, so a help centre reached from another page still has that page's stricter policy.
 */
export function documentAllowsChat(): boolean {
  const [entry] = performance.getEntriesByType("navigation");
  if (!entry?.name) return false;
  try {
    return isChatWidgetPage(new URL(entry.name).pathname);
  } catch {
    return false;
  }
}

/** Loads the widget if need be, tells it who is asking, and opens the chat window. */
export function openCrispChat(websiteId: string, customer: { email: string; name: string } | null): void {
  loadCrisp(websiteId);
  const crisp = queue();
  if (customer) {
    crisp.push(["set", "user:email", [customer.email]]);
    crisp.push(["set", "user:nickname", [customer.name]]);
  }
  crisp.push(["do", "chat:show"]);
  crisp.push(["do", "chat:open"]);
}

/** The widget belongs to the help centre: leaving the page hides it until the next Start Chat. */
export function hideCrispChat(): void {
  window.$crisp?.push(["do", "chat:hide"]);
}
