/**
 * One-time passwords as authenticator apps make them: HOTP (RFC 4226) and TOTP (RFC 6238) with
 * HMAC-SHA1, and the base32 keys (RFC 4648) they are shared as. Pure functions: the time is an argument.
 */
import { createHmac } from "node:crypto";

export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export class InvalidBase32Error extends Error {
  override name = "InvalidBase32Error";
}

/** Encodes a key as base32 without padding, the form authenticator apps take (RFC 4648). */
export function encodeBase32(bytes: Buffer): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += BASE32_ALPHABET[(buffer >> bits) & 31];
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * Decodes a base32 key as people copy it: any case, spaces between groups, padding or none.
 * Throws InvalidBase32Error for anything else, including a length no encoder produces.
 */
export function decodeBase32(text: string): Buffer {
  const clean = text.replace(/\s+/g, "").toUpperCase().replace(/=+$/, "");
  // 1, 3 or 6 characters left over after whole 8-character groups cannot come from any byte count.
  if (clean.length === 0 || [1, 3, 6].includes(clean.length % 8)) {
    throw new InvalidBase32Error("not a base32 key");
  }
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value === -1) throw new InvalidBase32Error("not a base32 key");
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226: the code for one counter value, with its leading zeros. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  // Dynamic truncation: the low 4 bits of the last byte say where the 31-bit number starts.
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** digits).padStart(digits, "0");
}

/** The RFC 6238 time step (counter) at `unixMs`. */
export const timeStep = (unixMs: number, period = TOTP_PERIOD_SECONDS) => Math.floor(unixMs / 1000 / period);

/** RFC 6238: the code at `unixMs`, and how many whole seconds it stays valid (1 to the period). */
export function totp(
  key: Buffer,
  unixMs: number,
  { period = TOTP_PERIOD_SECONDS, digits = TOTP_DIGITS } = {},
): { code: string; secondsLeft: number } {
  const seconds = Math.floor(unixMs / 1000);
  return {
    code: hotp(key, Math.floor(seconds / period), digits),
    secondsLeft: period - (seconds % period),
  };
}
