import { useMutation } from "@tanstack/react-query";
import { type TwoFactorEnrolment, twoFactorEnrolmentSchema } from "../../../../shared/api/two-factor";
import { apiRequest } from "../../../lib/api-client";

/** A new authenticator secret (text and QR code); sign-in is unchanged until a code confirms it. */
export async function startTwoFactorEnrolment(): Promise<TwoFactorEnrolment> {
  const res = await apiRequest("POST", "/api/user/two-factor/enrol", {});
  return twoFactorEnrolmentSchema.parse(await res.json());
}

export function useStartTwoFactorEnrolment() {
  return useMutation({ mutationFn: startTwoFactorEnrolment });
}
