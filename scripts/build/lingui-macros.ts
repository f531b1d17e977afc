/**
 * Lingui's macros (`<Trans id="…">English</Trans>`, `t({ id, message })`) compiled away by Babel, for
 * the build and for the tests alike: a production build keeps only the ids, and the active language's
 * catalogue brings the text (decision 052).
 */
export const LINGUI_MACROS = { babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } };
