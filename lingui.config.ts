/**
 * The message catalogues (decisions 051 and 052): English, the spec's own texts, is the source; German
 * is a translation of it. What the server says (mails, error answers, exports) is a catalogue of its
 * own, so no browser downloads it; the pages' catalogues are split by who reads them, so that the
 * sign-in page loads only its own few messages.
 */
import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The console's screens (signed-in-screens.ts gives them the `admin` audience): the administrator's
 * own feature, the sync screen and the stray payments page with its dialog.
 */
const ADMIN_SCREENS = [
  "<rootDir>/src/client/features/admin",
  "<rootDir>/src/client/features/sync",
  "<rootDir>/src/client/features/billing/pages/unlinked-payments-page.tsx",
  "<rootDir>/src/client/features/billing/components/link-payment-dialog.tsx",
];

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "de"],
  catalogs: [
    {
      // The signed-out screens and what every screen shows (the shell, loading and error states).
      path: "<rootDir>/src/shared/i18n/locales/{locale}/public",
      include: [
        "<rootDir>/src/client/features/auth",
        "<rootDir>/src/client/components",
        "<rootDir>/src/client/app",
        "<rootDir>/src/client/lib",
        // The payment page is open to everyone; a payer who is not signed in never loads `signed-in`.
        "<rootDir>/src/client/features/shop/pages/pay-page.tsx",
        // The register page's and the new-password fields' strength words.
        "<rootDir>/src/shared/password-strength.ts",
      ],
      exclude: ["<rootDir>/src/client/app/layout/**"],
    },
    {
      // The signed-in screens and their layout: loaded with them (lib/i18n/language.ts).
      path: "<rootDir>/src/shared/i18n/locales/{locale}/signed-in",
      include: [
        "<rootDir>/src/client/app/layout",
        "<rootDir>/src/client/features",
        "<rootDir>/src/shared/optimization-status.ts",
      ],
      exclude: [
        "<rootDir>/src/client/features/auth/**",
        "<rootDir>/src/client/features/shop/pages/pay-page.tsx",
        ...ADMIN_SCREENS.map((screens) => (screens.endsWith(".tsx") ? screens : `${screens}/**`)),
      ],
    },
    {
      // The operator's console: loaded with its screens only, so a customer's pages never carry it.
      path: "<rootDir>/src/shared/i18n/locales/{locale}/admin",
      include: ADMIN_SCREENS,
    },
    {
      // What the server says: its mails, its error answers and its exports' headers.
      path: "<rootDir>/src/shared/i18n/locales/{locale}/server",
      // The weak-password words, which the server answers with as the meter shows them.
      include: ["<rootDir>/src/server", "<rootDir>/src/shared/password-strength.ts"],
      exclude: ["**/*.test.ts"],
    },
  ],
  format: formatter({ lineNumbers: false, origins: false }),
  compileNamespace: "ts",
  orderBy: "messageId",
  // The pages' macros compile to the browser's own instance, with no provider around the tree.
  runtimeConfigModule: {
    useLingui: ["#lingui-runtime", "useLingui"],
    Trans: ["#lingui-trans", "Trans"],
  },
});
