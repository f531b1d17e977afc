// @vitest-environment jsdom

import { setupI18n } from "@lingui/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { checkLogin } from "../../../src/client/features/auth/login/login-checks";
import { SETTINGS_SHARED_TEXTS } from "../../../src/client/features/settings/shared-texts";
import { i18n } from "../../../src/client/lib/i18n/i18n";
import { COMMON_SHARED_TEXTS, sharedText } from "../../../src/client/lib/shared-text";
import { useServerForm } from "../../../src/client/lib/use-server-form";
import { PASSWORD_MAX, PASSWORD_TOO_SHORT_MESSAGE, registerSchema } from "../../../src/shared/api/auth";
import { closeLoginSchema } from "../../../src/shared/api/close-login";
import { NO_CONTROL_CHARACTERS_MESSAGE, NO_INVISIBLE_CHARACTERS_MESSAGE } from "../../../src/shared/api/text";
import { messages as germanPublic } from "../../../src/shared/i18n/locales/de/public";
import { messages as germanServer } from "../../../src/shared/i18n/locales/de/server";
import { messages as germanSignedIn } from "../../../src/shared/i18n/locales/de/signed-in";
import { messages as englishPublic } from "../../../src/shared/i18n/locales/en/public";
import { messages as englishSignedIn } from "../../../src/shared/i18n/locales/en/signed-in";

const english = { ...englishPublic, ...englishSignedIn };
const german = { ...germanPublic, ...germanSignedIn };

function speak(locale: "en" | "de") {
  i18n.loadAndActivate({ locale, messages: locale === "en" ? english : german });
}

afterEach(() => {
  cleanup();
  speak("en");
});

describe("the shared texts the browser says", () => {
  const tables = [...COMMON_SHARED_TEXTS, ...SETTINGS_SHARED_TEXTS];

  it("know the schemas' constants by their current words", () => {
    for (const text of [
      PASSWORD_TOO_SHORT_MESSAGE,
      `Password must be at most ${PASSWORD_MAX} characters`,
      NO_CONTROL_CHARACTERS_MESSAGE,
      NO_INVISIBLE_CHARACTERS_MESSAGE,
    ]) {
      expect(COMMON_SHARED_TEXTS.has(text), text).toBe(true);
    }
  });

  it("say the sign-in form's checks in the page's language", () => {
    speak("de");
    expect(checkLogin({ email: "nope", password: "" })).toEqual({
      errors: {
        email: "Bitte geben Sie eine gültige E-Mail-Adresse ein",
        password: "Passwort ist erforderlich",
      },
    });
  });

  it("say in English exactly the text each stands for", () => {
    for (const [text, descriptor] of tables) expect(i18n._(descriptor)).toBe(text);
  });

  it("say in German what the server's catalogue says for the same id", () => {
    const server = setupI18n({ locale: "de", messages: { de: germanServer } });
    speak("de");
    for (const [text, descriptor] of tables) {
      const words = i18n._(descriptor);
      expect(words, text).not.toBe(text);
      expect(germanServer[descriptor.id], descriptor.id).toBeDefined();
      expect(words, descriptor.id).toBe(server._(descriptor));
    }
  });

  it("turn a schema's English into the page's language, and leave any other text as it is", () => {
    const issue = registerSchema.safeParse({ name: "Dana", username: "d", email: "nope", password: "x" });
    const messages = issue.error?.issues.map((i) => i.message) ?? [];
    speak("de");
    expect(messages.map((message) => sharedText(message))).toEqual([
      "Der Benutzername muss mindestens 3 Zeichen lang sein",
      "Bitte geben Sie eine gültige E-Mail-Adresse ein",
      "Das Passwort muss mindestens 8 Zeichen lang sein",
    ]);
    expect(sharedText("Type the email of your account", SETTINGS_SHARED_TEXTS)).toBe(
      "Geben Sie die E-Mail-Adresse Ihres Kontos ein",
    );
    expect(sharedText("Something the portal never said")).toBe("Something the portal never said");
  });
});

function CloseLoginForm() {
  const { form } = useServerForm(closeLoginSchema, {
    defaultValues: { email: "" },
    texts: SETTINGS_SHARED_TEXTS,
  });
  const onSubmit = form.handleSubmit(() => {});
  return (
    <form noValidate onSubmit={onSubmit}>
      <input aria-label="email" {...form.register("email")} />
      {form.formState.errors.email ? <span>{form.formState.errors.email.message}</span> : null}
      <button type="submit">Save</button>
    </form>
  );
}

describe("useServerForm", () => {
  it("shows the shared schema's messages in the page's language", async () => {
    speak("de");
    render(<CloseLoginForm />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    expect(screen.getByText("Geben Sie die E-Mail-Adresse Ihres Kontos ein")).toBeTruthy();
    fireEvent.input(screen.getByLabelText("email"), { target: { value: "x".repeat(256) } });
    await screen.findByText("Die E-Mail-Adresse darf höchstens 255 Zeichen lang sein");
  });
});
