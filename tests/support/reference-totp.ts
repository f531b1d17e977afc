/**
 * RFC 6238's TOTP written out again from the RFC, apart from the portal's own implementation, so that
 * a test of a route that hands out codes does not compute what it expects with the code under test.
 */
import { createHmac } from "node:crypto";

export function referenceTotp(key: Buffer, unixMs: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixMs / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}
