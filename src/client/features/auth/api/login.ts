import { msg } from "@lingui/core/macro";
import type { LoginBody } from "../../../../shared/api/auth";
import type { LoginAnswer } from "../../../../shared/api/two-factor";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { hasJsonBody, serverErrorText } from "../../../lib/api-error";
import { i18n } from "../../../lib/i18n/i18n";
import { useAction } from "../../../lib/use-action";
import { setSignedInUser } from "./session-cache";

/** The server's own words for a failed sign-in (src/server/platform/i18n/shared-texts.ts), said by the browser. */
const INVALID_CREDENTIALS = msg({ id: "error.sign-in.invalid", message: "Invalid email or password" });

/** The answer to a sign-in was not the JSON the portal expects. */
class UnreadableLoginAnswer extends Error {}

/**
 * Signs in; the answer is read as text and then parsed, as the spec's login call does. For an account
 * with an authenticator app the answer is `{ secondFactor: "totp" }`: the password was right, and the
 * second step (login-second-factor.ts) is still to take.
 */
export async function login(body: LoginBody): Promise<LoginAnswer> {
  // The answer's schema (and zod with it) loads with the request, not with the sign-in page.
  const schemaModule = import("../../../../shared/api/two-factor");
  const res = await apiRequest("POST", "/api/login", body);
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UnreadableLoginAnswer("The sign-in's answer is not JSON");
  }
  const { loginAnswerSchema } = await schemaModule;
  return loginAnswerSchema.parse(parsed);
}

/** Spec section 8: a body that is not JSON reads as bad credentials; otherwise the server's words, or "Login failed". */
export function loginErrorMessage(error: unknown): string {
  const server = serverErrorText(error);
  if (server) return server;
  if (error instanceof UnreadableLoginAnswer || (error instanceof ApiError && !hasJsonBody(error))) {
    return i18n._(INVALID_CREDENTIALS);
  }
  return i18n._(msg({ id: "login.failed-text", message: "Login failed" }));
}

// Spec section 4: the signed-in user is cached at once and read back from the server 100 ms later.
export const LOGIN_REFETCH_DELAY_MS = 100;

export function useLogin() {
  return useAction(login, {
    onSuccess: (answer) => {
      if (!("secondFactor" in answer)) setSignedInUser(answer, LOGIN_REFETCH_DELAY_MS);
    },
  });
}
