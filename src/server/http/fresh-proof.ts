/**
 * Whether the signed-in session proved who it is recently enough to see a secret or change a
 * credential (decision R17): within `config.stepUpMs` of its sign-in or its latest fresh proof. The
 * 403 it throws carries `stepUp: true`, so the app asks for a proof and then repeats the action.
 */
import type { FastifyRequest } from "fastify";
import type { Config } from "../config";
import type { SessionRow } from "../db/schema";
import { HttpError } from "./errors";

export const STEP_UP_REQUIRED_MESSAGE = /*i18n*/ {
  id: "error.step-up.required",
  message: "Confirm it's you: enter your password, an authenticator code or use a passkey.",
};

export class StepUpRequiredError extends HttpError {
  readonly stepUp = true;
  constructor() {
    super(403, STEP_UP_REQUIRED_MESSAGE);
    this.name = "StepUpRequiredError";
  }
}

export function isFreshlyProven(
  session: SessionRow | null,
  config: Pick<Config, "stepUpMs">,
  now = new Date(),
): boolean {
  return session !== null && now.getTime() - session.provenAt.getTime() < config.stepUpMs;
}

/** Throws StepUpRequiredError unless the request's session was proven within STEP_UP_MINUTES. */
export function requireFreshProof(request: FastifyRequest, config: Pick<Config, "stepUpMs">): void {
  if (!isFreshlyProven(request.currentSession, config)) throw new StepUpRequiredError();
}
