import type { FastifyRequest } from "fastify";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../../shared/i18n/languages";
import { askedLanguage } from "./asked-language";
import { type ServerMessage, sayIn } from "./message";

/**
 * The language the server answers a request in (its error texts, its exports): the signed-in
 * person's choice in Settings, else what the browser asks for, else English. While support views the
 * portal as a customer, the administrator's own language is the one spoken (decision 052).
 */
export function replyLanguage(request: FastifyRequest): Language {
  const reader = request.viewingAdmin ?? request.currentUser;
  if (reader && isLanguage(reader.language)) return reader.language;
  return askedLanguage(request) ?? DEFAULT_LANGUAGE;
}

/** A message in the language a request is answered in. */
export function sayTo(request: FastifyRequest, said: ServerMessage): string {
  return sayIn(replyLanguage(request), said);
}
