// @vitest-environment jsdom
/**
 * The signed-in screens' messages load when a signed-in screen asks for them, in the language spoken,
 * and come along when the language changes later; a page that carries them costs no fetch (decision 052).
 */
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  document.head.innerHTML = "";
});

async function freshLanguage() {
  vi.resetModules();
  const { i18n } = await import("../../../src/client/lib/i18n/i18n");
  const language = await import("../../../src/client/lib/i18n/language");
  return { i18n, ...language };
}

describe("the signed-in screens' messages", () => {
  it("load when asked for, and follow a change of language", async () => {
    const { i18n, activateLanguage, loadAudience } = await freshLanguage();
    await activateLanguage("en");
    expect(i18n._("settings.language.title")).toBe("settings.language.title");
    await loadAudience("signed-in");
    expect(i18n._("settings.language.title")).toBe("Language");
    await activateLanguage("de");
    expect(i18n._("settings.language.title")).toBe("Sprache");
    expect(i18n._("login.title")).toBe("Anmelden");
  });

  it("are asked for before any language speaks, and come with the first one", async () => {
    const { i18n, activateLanguage, loadAudience } = await freshLanguage();
    const asked = loadAudience("signed-in");
    await activateLanguage("de");
    await asked;
    expect(i18n._("settings.language.title")).toBe("Sprache");
  });

  it("are taken from the page when it carries them", async () => {
    const { i18n, activateLanguage, loadAudience } = await freshLanguage();
    const block = document.createElement("script");
    block.type = "application/json";
    block.id = "catalogue";
    block.dataset.language = "de";
    block.dataset.audiences = "public signed-in";
    block.textContent = JSON.stringify({
      "login.title": ["Anmelden (Seite)"],
      "settings.language.title": ["Sprache (Seite)"],
    });
    document.head.append(block);
    await activateLanguage("de");
    await loadAudience("signed-in");
    expect(i18n._("login.title")).toBe("Anmelden (Seite)");
    expect(i18n._("settings.language.title")).toBe("Sprache (Seite)");
  });
});

/** A page that carries, in German, the public messages whole and the first screen's share of `shared`. */
function pageWithFirstScreenShare(shared: string) {
  const block = document.createElement("script");
  block.type = "application/json";
  block.id = "catalogue";
  block.dataset.language = "de";
  block.dataset.audiences = "public";
  block.dataset.firstScreen = shared;
  block.textContent = JSON.stringify({
    "login.title": ["Anmelden (Seite)"],
    "dashboard.title": ["Übersicht (Seite)"],
  });
  document.head.append(block);
}

describe("a first screen's share of the signed-in messages", () => {
  it("is taken from the page for the first screen, and the rest loads with the next screen", async () => {
    const { i18n, activateLanguage, loadAudience } = await freshLanguage();
    pageWithFirstScreenShare("signed-in");
    const firstScreen = loadAudience("signed-in", { firstScreen: true });
    await activateLanguage("de");
    await firstScreen;
    expect(i18n._("dashboard.title")).toBe("Übersicht (Seite)");
    // Not in the page's share, and not fetched for the first screen.
    expect(i18n._("settings.language.title")).toBe("settings.language.title");
    await loadAudience("signed-in");
    expect(i18n._("settings.language.title")).toBe("Sprache");
  });

  it("does not do for another language: switching fetches the whole of the new one", async () => {
    const { i18n, activateLanguage, loadAudience } = await freshLanguage();
    pageWithFirstScreenShare("signed-in");
    await activateLanguage("de");
    await loadAudience("signed-in", { firstScreen: true });
    await activateLanguage("en");
    expect(i18n._("settings.language.title")).toBe("Language");
    expect(i18n._("dashboard.title")).toBe("Dashboard");
  });

  it("does not do for an audience the page does not share: it is fetched whole", async () => {
    const { i18n, activateLanguage, loadAudience } = await freshLanguage();
    pageWithFirstScreenShare("signed-in");
    await activateLanguage("de");
    await loadAudience("admin", { firstScreen: true });
    expect(i18n._("admin.customers.title")).toBe("Kunden");
  });
});

describe("the console's messages", () => {
  it("are not among the signed-in screens' messages, and load only when a console screen asks for them", async () => {
    const { i18n, activateLanguage, loadAudience } = await freshLanguage();
    await activateLanguage("de");
    await loadAudience("signed-in");
    expect(i18n._("settings.language.title")).toBe("Sprache");
    expect(i18n._("admin.customers.title")).toBe("admin.customers.title");
    await loadAudience("admin");
    expect(i18n._("admin.customers.title")).toBe("Kunden");
    expect(i18n._("settings.language.title")).toBe("Sprache");
  });

  it("keep out of the signed-in catalogue in every language, and keep each other's messages apart", async () => {
    const catalogues = await Promise.all(
      ["en", "de"].flatMap((language) => [
        import(`../../../src/shared/i18n/locales/${language}/signed-in.ts`),
        import(`../../../src/shared/i18n/locales/${language}/admin.ts`),
      ]),
    );
    for (const [index, { messages }] of catalogues.entries()) {
      const ids = Object.keys(messages);
      const adminIds = ids.filter((id) => id.startsWith("admin.") || id.startsWith("sync."));
      if (index % 2 === 0) expect(adminIds).toEqual([]);
      else expect(adminIds.length).toBeGreaterThan(300);
    }
  });
});
