/**
 * Decision 055: a signed-in first screen's page starts a small script that loads the locale data of
 * the page's language while the portal's own script downloads.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCALE_WARM_UP_SOURCE, withLocaleWarmUp } from "../../../scripts/build/locale-warm-up";
import { formattingLocale } from "../../../src/client/lib/format";

/** Runs the script as a page would, with the page's language and the browser's, and what it made. */
function runWarmUp(lang: string, languages: string[], intl: Partial<typeof Intl> = Intl) {
  const made: string[] = [];
  const recording = (kind: "NumberFormat" | "DateTimeFormat") =>
    new Proxy(intl[kind] as typeof Intl.NumberFormat, {
      construct(target, args) {
        made.push(`${kind} ${JSON.stringify(args)}`);
        return Reflect.construct(target, args);
      },
    });
  const page = { documentElement: { lang } };
  const browser = { languages };
  const fakeIntl = { NumberFormat: recording("NumberFormat"), DateTimeFormat: recording("DateTimeFormat") };
  new Function("document", "navigator", "Intl", LOCALE_WARM_UP_SOURCE)(page, browser, fakeIntl);
  return made;
}

describe("the locale warm-up script", () => {
  it("makes a number and a date format in the browser's variant of the page's language", () => {
    expect(runWarmUp("de", ["de-AT", "en"])).toEqual([
      'NumberFormat ["de-AT"]',
      'DateTimeFormat ["de-AT",{"dateStyle":"medium","timeStyle":"short"}]',
    ]);
  });

  it("falls back to the page's language, and to English on a page that names none", () => {
    expect(runWarmUp("de", ["fr-FR"])[0]).toBe('NumberFormat ["de"]');
    expect(runWarmUp("", [])[0]).toBe('NumberFormat ["en"]');
  });

  it("lets a browser whose formats fail go on to the portal's script", () => {
    const failing = () => {
      throw new RangeError("no locale data");
    };
    const broken = { NumberFormat: failing, DateTimeFormat: failing } as unknown as typeof Intl;
    expect(() => runWarmUp("de", ["de"], broken)).not.toThrow();
  });
});

describe("the warm-up's locale and the portal's formats' locale", () => {
  afterEach(() => vi.unstubAllGlobals());

  // The script cannot call `formattingLocale`: it runs before any of the portal's code. Each case of
  // this table checks that the two choose alike, so that a change to one rule fails until the other follows.
  const cases: [lang: string, languages: string[]][] = [
    ["de", ["de-AT", "en"]],
    ["de", ["en-GB", "de-CH"]],
    ["de", ["DE-de"]],
    ["de-DE", ["de-AT"]],
    ["en", ["en-GB"]],
    ["en", ["de-DE"]],
    ["de", ["fr-FR"]],
    ["", []],
    ["", ["fr-FR", "en-US"]],
  ];
  it.each(cases)('on a page of lang "%s" in a browser asking for %j', (lang, languages) => {
    vi.stubGlobal("document", { documentElement: { lang } });
    vi.stubGlobal("navigator", { languages });
    const warmedUp = /^NumberFormat \["([^"]+)"\]$/.exec(runWarmUp(lang, languages)[0] ?? "")?.[1];
    expect(warmedUp).toBe(formattingLocale());
  });
});

describe("a page with the locale warm-up", () => {
  const page = [
    "<head>",
    "    <title>Customer Portal</title>",
    '    <script type="module" crossorigin src="/assets/index.js"></script>',
    "</head>",
  ].join("\n");

  it("names the script, to run when it arrives, before the page's first script", () => {
    expect(withLocaleWarmUp(page, "/assets/locale-warm-up-abc.js")).toBe(
      [
        "<head>",
        "    <title>Customer Portal</title>",
        '    <script src="/assets/locale-warm-up-abc.js" async></script>',
        '    <script type="module" crossorigin src="/assets/index.js"></script>',
        "</head>",
      ].join("\n"),
    );
  });

  it("fails the build on a page without a script", () => {
    expect(() => withLocaleWarmUp("<head></head>", "/x.js")).toThrow(/no script/);
  });
});
