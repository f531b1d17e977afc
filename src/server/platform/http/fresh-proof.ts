/**
 * Whether the signed-in session proved who it is recently enough to see a secret or change a
 * credential (decision R17): within `config.stepUpMs` of its sign-in or its latest fresh proof. The
 * 403 it throws carries `stepUp: true`, so the app asks for a proof and then repeats the action.
 */
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { SessionProof, SessionRow } from "../db/schema";
import { HttpError } from "./errors";

export const STEP_UP_REQUIRED_MESSAGE = /*i18n*/ {
  id: "error.step-up.required",
  message: "Confirm it's you: enter your password, an authenticator code or use a passkey.",
};

export const SECOND_FACTOR_REQUIRED_MESSAGE = /*i18n*/ {
  id: "error.step-up.second-factor",
  message:
    "Confirm it's you with your authenticator app or a passkey: a password alone is not enough for this.",
};

/**
 * Proofs that include a second factor: a passkey counts as both at once, and so does Google, whose
 * own sign-in has its own factors (decisions 020, 070). A password, or a mailed link, is one factor.
 */
const SECOND_FACTOR_PROOFS: ReadonlySet<SessionProof> = new Set([
  "password+totp",
  "password+recovery-code",
  "passkey",
  "google",
]);

export class StepUpRequiredError extends HttpError {
  readonly stepUp = true;
  /** The proof must include the second factor the account has (`secondFactor: true` in the answer). */
  readonly secondFactor: boolean;
  constructor(secondFactor = false) {
    super(403, secondFactor ? SECOND_FACTOR_REQUIRED_MESSAGE : STEP_UP_REQUIRED_MESSAGE);
    this.name = "StepUpRequiredError";
    this.secondFactor = secondFactor;
  }
}

export function isFreshlyProven(
  session: SessionRow | null,
  config: Pick<Config, "stepUpMs">,
  now = new Date(),
): boolean {
  return session !== null && now.getTime() - session.provenAt.getTime() < config.stepUpMs;
}

/**
 * Throws StepUpRequiredError unless the request's session was proven within STEP_UP_MINUTES; with
 * `secondFactor`, also unless that proof included a second factor (for an account that has one).
 */
export function requireFreshProof(
  request: FastifyRequest,
  config: Pick<Config, "stepUpMs">,
  { secondFactor = false }: { secondFactor?: boolean } = {},
): void {
  const session = request.currentSession;
  if (!session || !isFreshlyProven(session, config)) throw new StepUpRequiredError(secondFactor);
  if (secondFactor && !SECOND_FACTOR_PROOFS.has(session.provenBy)) throw new StepUpRequiredError(true);
}
