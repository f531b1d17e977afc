/**
 * Finding English left on a page that should speak German: the visible text and what is announced
 * instead of shown (aria-label, title, placeholder, alt), searched for words German never uses.
 */
import type { Page } from "@playwright/test";

/**
 * English words that are no German words. A German sentence borrows nouns ("Status", "Passkey",
 * "Name", "Code", "Plan"), so only the small words a sentence is built from are looked for, and the
 * verbs of the portal's buttons and links.
 */
// biome-ignore format: a word list reads better packed
const ENGLISH_WORDS = [
  "the", "and", "your", "you", "of", "with", "for", "this", "that", "is", "are", "has", "have", "not",
  "from", "by", "or", "any", "to", "on", "at", "it", "we", "our", "can", "no", "yet", "here", "when",
  "what", "how", "please", "add", "remove", "edit", "delete", "change", "update", "save", "cancel", "back",
  "next", "previous", "more", "show", "hide", "view", "search", "sign", "open", "close", "copy", "send",
  "new", "none", "all", "page", "items", "results", "loading", "request", "requests", "orders", "accounts",
  "settings", "help", "history", "date", "amount",
];
const ENGLISH = new RegExp(`\\b(${ENGLISH_WORDS.join("|")})\\b`, "i");

/**
 * Every text a person reads or hears on the page as it is now, one per line, but records kept as they
 * were written (`translate="no"`: an audit entry's detail, a sync's error), which are no page's words.
 */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const records = new Map<HTMLElement, string>();
    for (const record of document.querySelectorAll<HTMLElement>("[translate='no']")) {
      records.set(record, record.style.visibility);
      record.style.visibility = "hidden";
    }
    // What is rendered, not the DOM's text: a hidden element's words are read by nobody.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    const texts = document.body.innerText.split("\n");
    for (const [record, visibility] of records) record.style.visibility = visibility;
    for (const element of document.querySelectorAll<HTMLElement>(
      "[aria-label], [title], [placeholder], img[alt]",
    )) {
      // Only what is on the page: a hidden element's label is read by nobody.
      const unread = element.closest("[hidden], [aria-hidden='true'], [translate='no']");
      if (unread || element.getClientRects().length === 0) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.trim()).filter((text) => text !== "");
  });
}

/**
 * The texts that read as English once what may stay English (people's and products' names, the
 * operator's own words, data) is taken out: each allowed text is removed wherever it occurs.
 */
export function englishLeft(texts: readonly string[], allowed: readonly (string | RegExp)[]): string[] {
  return texts.filter((text) => {
    let rest = text;
    for (const allow of allowed) {
      rest =
        typeof allow === "string"
          ? rest.replaceAll(allow, " ")
          : rest.replace(new RegExp(allow.source, `${allow.flags.replace("g", "")}g`), " ");
    }
    return ENGLISH.test(rest);
  });
}
