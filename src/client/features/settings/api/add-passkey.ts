import { msg } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type Passkey, passkeySchema } from "../../../../shared/api/passkeys";
import { apiRequest } from "../../../lib/api-client";
import { i18n } from "../../../lib/i18n/i18n";
import { passkeysQueryKey } from "./get-passkeys";

/** The person closed the browser's passkey prompt, or it timed out. */
export class PasskeyNotCreated extends Error {
  constructor() {
    super(
      i18n._(
        msg({ id: "settings.passkeys.not-created", message: "No passkey was created. You can try again." }),
      ),
    );
    this.name = "PasskeyNotCreated";
  }
}

/**
 * Adds a passkey: options from the server, the browser's passkey prompt through
 * @simplewebauthn/browser (loaded only here), and the new credential back with its name.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const browser = import("@simplewebauthn/browser");
  const optionsJSON = await (await apiRequest("POST", "/api/passkeys/registration/options", {})).json();
  const { startRegistration } = await browser;
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
      throw new PasskeyNotCreated();
    }
    if (error instanceof Error && error.name === "InvalidStateError") {
      throw new Error(
        i18n._(
          msg({
            id: "settings.passkeys.already-on-device",
            message: "This device already holds one of your passkeys.",
          }),
        ),
      );
    }
    throw error;
  }
  const res = await apiRequest("POST", "/api/passkeys/registration", { name, response });
  return passkeySchema.parse(await res.json());
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
