/**
 * How every form of the portal is set up: react-hook-form checking the form's zod schema with the
 * spec's defaults, and a failed submit's answer put on the fields it names.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { serverErrorText, splitFieldErrors } from "./api-error";
import { type SharedTexts, sharedText } from "./shared-text";

/** What a failed submit's answer said, once its messages about this form's fields are on them. */
export interface ServerFormError<F extends string> {
  /** The server's `error` text; undefined when it sent none (no connection, a proxy's error page). */
  message: string | undefined;
  /** The fields that now show the server's message, in the form's order; the first has focus. */
  fields: F[];
  /** The parts of the message about no field of this form: the form shows these itself. */
  otherErrors: string[];
}

export function useServerForm<Input extends FieldValues, Output, F extends Path<Input> & string = never>(
  schema: z.ZodType<Output, Input>,
  {
    defaultValues,
    serverFields = [],
    texts,
  }: {
    defaultValues: DefaultValues<Input>;
    /**
     * The fields the server may name in its answer ("username: This username is already taken"), in
     * the order they appear on screen.
     */
    serverFields?: readonly F[];
    /**
     * The form's schema's own shared texts, beyond the common ones (lib/shared-text.ts): the
     * messages of its check are shown in the page's language.
     */
    texts?: SharedTexts;
  },
): {
  form: UseFormReturn<Input, unknown, Output>;
  /** Puts a failed submit's field messages on their fields, focuses the first, and says what is left. */
  showServerError: (error: unknown) => ServerFormError<F>;
} {
  const resolve = zodResolver(schema);
  const form = useForm<Input, unknown, Output>({
    // The shared schemas speak English (src/shared); their messages are shown in the page's language.
    resolver: async (values, context, options) => {
      const result = await resolve(values, context, options);
      inPageLanguage(result.errors, texts);
      return result;
    },
    // Spec section 9, form defaults: validate on submit, revalidate on change, focus the first field in error.
    mode: "onSubmit",
    reValidateMode: "onChange",
    shouldFocusError: true,
    defaultValues,
  });

  const showServerError = (error: unknown): ServerFormError<F> => {
    const message = serverErrorText(error);
    const { fieldErrors, otherErrors } = splitFieldErrors(message ?? "", serverFields);
    const fields = serverFields.filter((field) => fieldErrors[field] !== undefined);
    fields.forEach((field, index) => {
      form.setError(field, { message: fieldErrors[field] }, { shouldFocus: index === 0 });
    });
    return { message, fields, otherErrors };
  };

  return { form, showServerError };
}

/** Puts every message of a check's errors (nested fields too) in the page's language, in place. */
function inPageLanguage(errors: FieldErrors, texts: SharedTexts | undefined): void {
  for (const [key, value] of Object.entries(errors)) {
    // `ref` is the field's element, not an error.
    if (key === "ref" || typeof value !== "object" || value === null) continue;
    const error = value as { message?: unknown };
    if (typeof error.message === "string") error.message = sharedText(error.message, texts);
    inPageLanguage(value as FieldErrors, texts);
  }
}
