import { useMutation } from "@tanstack/react-query";
import { type LanguageChoice, languageChoiceSchema } from "../../../../shared/api/user";
import type { Language } from "../../../../shared/i18n/languages";
import { apiRequest } from "../../../lib/api-client";
import { activateLanguage, browserLanguage, rememberLanguage } from "../../../lib/i18n/language";
import { updateSessionUser } from "../../../lib/session";

/** Chooses the language of the portal and of the customer's mails; null follows the browser's again. */
export async function saveLanguage(language: Language | null): Promise<LanguageChoice> {
  const res = await apiRequest("PUT", "/api/user/language", { language });
  return languageChoiceSchema.parse(await res.json());
}

/**
 * Saves the choice, then speaks it at once: the session holds it for every reader, and this browser
 * keeps it too, so that the signed-out pages of the next visit speak it before anyone signs in.
 */
export function useSaveLanguage() {
  return useMutation({
    mutationFn: saveLanguage,
    onSuccess: async ({ language }) => {
      // Forgotten before anything reads the language again, so that "the browser's language" is what
      // the browser itself asks for, not this browser's earlier pick.
      rememberLanguage(language);
      updateSessionUser((user) => ({ ...user, language }));
      // Saved is saved: should the language's texts fail to load, the next visit speaks it.
      await activateLanguage(language ?? browserLanguage()).catch(() => undefined);
    },
  });
}
