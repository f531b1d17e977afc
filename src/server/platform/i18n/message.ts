/**
 * A message the server says to a person (an error answer, a success answer's `message`, an export's
 * header), kept as its catalogue id and English text until the language of the answer is known
 * (decision 051). Written in the code as `/*i18n*\/ { id, message }`, which the extractor reads.
 */
import type { I18n } from "@lingui/core";
import { ERROR_PARTS_SEPARATOR, fieldMessage } from "../../../shared/api/error-text";
import type { Language } from "../../../shared/i18n/languages";
import { translatorFor } from "./translator";

export interface ServerMessage {
  readonly id: string;
  /** The English text, with `{name}` placeholders. */
  readonly message: string;
  /** The placeholders' values; a value that is itself a message is said in the same language. */
  readonly values?: Readonly<Record<string, unknown>>;
}

function isServerMessage(value: unknown): value is ServerMessage {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ServerMessage).id === "string" &&
    typeof (value as ServerMessage).message === "string"
  );
}

/** A message in the given translator's language. */
export function say(translator: I18n, said: ServerMessage): string {
  const values = said.values
    ? Object.fromEntries(
        Object.entries(said.values).map(([name, value]) => [
          name,
          isServerMessage(value) ? say(translator, value) : value,
        ]),
      )
    : undefined;
  return translator._({ id: said.id, message: said.message, values });
}

/** A message in a language. */
export function sayIn(language: Language, said: ServerMessage): string {
  return say(translatorFor(language), said);
}

/**
 * A message in English, for the tests that check the server's wording.
 * @internal
 */
export function english(said: ServerMessage): string {
  return sayIn("en", said);
}

/**
 * A text that is not the portal's to translate (a payment provider's reason, a run's stored message),
 * said as it is in every language.
 */
export function verbatim(text: string): ServerMessage {
  return /*i18n*/ { id: "server.verbatim", message: "{text}", values: { text } };
}

/**
 * One part of an `error` text: a sentence, or a sentence about one field of the body. The field's
 * name is the body's own and stays as it is, the client reads it back ("username: …").
 */
export type ErrorPart = ServerMessage | { readonly field: string; readonly text: ServerMessage };
export type ErrorText = ErrorPart | readonly ErrorPart[];

export const fieldError = (field: string, text: ServerMessage): ErrorPart => ({ field, text });

/** An `error` text in a translator's language, its parts joined as the client reads them apart. */
export function sayError(translator: I18n, text: ErrorText): string {
  const parts: readonly ErrorPart[] = Array.isArray(text) ? text : [text as ErrorPart];
  return parts
    .map((part) =>
      "field" in part ? fieldMessage(part.field, say(translator, part.text)) : say(translator, part),
    )
    .join(ERROR_PARTS_SEPARATOR);
}
