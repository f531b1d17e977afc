import type { FastifyRequest } from "fastify";
import {
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  negotiateLanguage,
} from "../../../shared/i18n/languages";

/**
 * The language a request's browser asks for (decision 052): the one picked on it with the pages'
 * switch or in Settings, else its `Accept-Language`; none when it names neither of the portal's.
 */
export function askedLanguage(request: FastifyRequest): Language | null {
  const picked = request.cookies?.[LANGUAGE_COOKIE];
  return isLanguage(picked) ? picked : negotiateLanguage(request.headers["accept-language"]);
}
