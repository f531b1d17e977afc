/**
 * What Lingui's `useLingui` macro compiles to in the browser (`runtimeConfigModule` in
 * lingui.config.ts; `<Trans>` is in trans.tsx): the hook reads the one instance directly and
 * re-renders when its language changes, so no provider has to wrap the tree, and a component rendered
 * alone (a test, say) speaks whatever language is active.
 */
import type { I18n } from "@lingui/core";
import { useMemo, useSyncExternalStore } from "react";
import { i18n } from "./i18n";

const subscribe = (onChange: () => void) => i18n.on("change", onChange);
const activeLocale = () => i18n.locale;

export function useLingui(): { i18n: I18n; _: I18n["_"] } {
  const locale = useSyncExternalStore(subscribe, activeLocale);
  // A new function per language, so that memoised components re-render when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: locale is the reason to rebind
  return useMemo(() => ({ i18n, _: i18n._.bind(i18n) }), [locale]);
}
