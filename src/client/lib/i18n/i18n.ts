/**
 * The browser's one Lingui instance (decision 052). Pages speak through it with Lingui's macros,
 * which the build turns into calls of `runtime.tsx`'s hook and component.
 */
import { setupI18n } from "@lingui/core";

export const i18n = setupI18n();
