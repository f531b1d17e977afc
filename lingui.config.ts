/**
 * The message catalogues (decision 051): English, the spec's own texts, is the source; German is a
 * translation of it. The server's mails are a catalogue of their own, so no browser downloads them.
 */
import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "de"],
  catalogs: [
    {
      path: "<rootDir>/src/shared/i18n/locales/{locale}/mails",
      include: ["<rootDir>/src/server"],
      exclude: ["**/*.test.ts"],
    },
  ],
  format: formatter({ lineNumbers: false, origins: false }),
  compileNamespace: "ts",
  orderBy: "messageId",
});
