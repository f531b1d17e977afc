/**
 * An account's 2FA recovery codes are sealed as one value, one code per line: the sync seals them so,
 * and a reveal or an export opens them back into a list.
 */
import type { SecretBox } from "./secret-box";

export function sealRecoveryCodes(box: SecretBox, codes: readonly string[]): string | null {
  return codes.length > 0 ? box.seal(codes.join("\n")) : null;
}

export function openRecoveryCodes(box: SecretBox, sealed: string | null): string[] | null {
  return sealed === null
    ? null
    : box
        .open(sealed)
        .split("\n")
        .filter((code) => code !== "");
}
