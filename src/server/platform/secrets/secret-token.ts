/**
 * Bearer tokens handed to a browser or mailed as a link: 256 random bits, of which only the SHA-256
 * is stored, so a copy of the database cannot be replayed as a cookie or a link.
 */
import { createHash, randomBytes } from "node:crypto";

export const newSecretToken = () => randomBytes(32).toString("base64url");

export const hashSecretToken = (token: string) => createHash("sha256").update(token).digest("hex");
