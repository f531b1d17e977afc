/**
 * What Lingui's `<Trans>` macro compiles to in the browser (`runtimeConfigModule` in
 * lingui.config.ts): a message with markup inside, spoken through the one instance. A module of its
 * own, so that the renderer loads with the screens that use it, not with the sign-in page, which
 * writes none (decision 052).
 */
import { TransNoContext, type TransProps } from "@lingui/react/server";
import { useLingui } from "./runtime";

export function Trans(props: TransProps) {
  const lingui = useLingui();
  return <TransNoContext {...props} lingui={lingui} />;
}
