/**
 * The sign-in form without a form library: plain inputs, checked with the server's schema, which is
 * fetched on the form's first focus or submit so the page's first load goes without zod. It behaves
 * as the other forms do: checked on submit, then again as each field changes, and
 * the first field in error takes focus.
 */
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import type { LoginBody } from "../../../../shared/api/auth";
import type { LoginErrors, LoginField } from "./login-checks";

const FIELDS: readonly LoginField[] = ["email", "password"];

let checks: Promise<typeof import("./login-checks")> | undefined;

/** Starts loading the checks (once); a failed load is tried again next time. */
export function loadLoginChecks(): Promise<typeof import("./login-checks")> {
  checks ??= import("./login-checks").catch((error: unknown) => {
    checks = undefined;
    throw error;
  });
  return checks;
}

export function useLoginForm(onValid: (body: LoginBody) => Promise<void>) {
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  const submitted = useRef(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  // A failed load of the checks is thrown from render, so the error boundary offers a reload.
  const [, setFailure] = useState<unknown>();
  const fail = (error: unknown) =>
    setFailure(() => {
      throw error;
    });

  const values = (): Record<LoginField, string> => ({
    email: inputs.current.email?.value ?? "",
    password: inputs.current.password?.value ?? "",
  });

  const field = (name: LoginField) => ({
    name,
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (_event: ChangeEvent<HTMLInputElement>) => {
      if (!submitted.current) return;
      loadLoginChecks().then(({ checkLogin }) => {
        const result = checkLogin(values());
        const message = "errors" in result ? result.errors[name] : undefined;
        setErrors((current) => ({ ...current, [name]: message }));
      }, fail);
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    let checked: Awaited<ReturnType<typeof loadLoginChecks>>;
    try {
      checked = await loadLoginChecks();
    } catch (error) {
      fail(error);
      return;
    }
    const result = checked.checkLogin(values());
    if ("errors" in result) {
      setErrors(result.errors);
      const first = FIELDS.find((name) => result.errors[name] !== undefined);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    await onValid(result.body);
  };

  return {
    errors,
    field,
    onSubmit,
    /** For the form's onFocus: the checks start loading as soon as someone is about to use them. */
    prepare: () => void loadLoginChecks().catch(() => undefined),
  };
}
