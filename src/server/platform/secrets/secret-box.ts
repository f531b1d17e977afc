/**
 * Encryption at rest of third-party secrets (LinkedIn and proxy passwords, 2FA secrets, recovery
 * codes) with AES-256-GCM. Each stored value names the key that sealed it, so keys can rotate: the
 * newest key seals, every configured key opens.
 *
 * Stored form: `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url parts); the key id is the first 8 bytes
 * of the key's SHA-256, which identifies the key without revealing it.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { chmod, link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_FILE = "secrets.key";

export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

export interface SecretBox {
  /** The id of the key new values are sealed with. */
  readonly currentKeyId: string;
  seal(plaintext: string): string;
  open(sealed: string): string;
  /** The id of the key a stored value was sealed with (to find values still under an old key). */
  keyIdOf(sealed: string): string;
  /**
   * Keyed digests (HMAC-SHA256) of a text, one under each configured key, newest first: a value can
   * be found again by its digest without being stored, and without the key no one can test guesses.
   * Store the first; look up by any.
   */
  digests(text: string): string[];
}

function keyId(key: Buffer): string {
  return createHash("sha256").update(key).digest().subarray(0, 8).toString("base64url");
}

/** A box over raw 32-byte keys, newest first. */
export function createSecretBox(keys: readonly Buffer[]): SecretBox {
  const [current] = keys;
  if (!current) throw new SecretBoxError("at least one key is needed");
  for (const key of keys) {
    if (key.length !== 32) throw new SecretBoxError("keys must be 32 bytes");
  }
  const byId = new Map(keys.map((key) => [keyId(key), key]));
  const currentKeyId = keyId(current);
  // A key of its own for digests, derived from each key, so that no key serves two purposes.
  const digestKeys = keys.map((key) => createHmac("sha256", key).update("portal digest v1").digest());

  const parts = (sealed: string) => {
    const split = sealed.split(".");
    if (split.length !== 5 || split[0] !== VERSION) throw new SecretBoxError("not a sealed value");
    return split as [string, string, string, string, string];
  };

  return {
    currentKeyId,
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", current, iv, { authTagLength: TAG_BYTES });
      // The key id is bound to the ciphertext, so a value cannot be relabelled to another key.
      cipher.setAAD(Buffer.from(currentKeyId));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [VERSION, currentKeyId, iv, body, cipher.getAuthTag()]
        .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [, id, iv, body, tag] = parts(sealed);
      const key = byId.get(id);
      if (!key) throw new SecretBoxError(`no configured key has the id ${id}`);
      const ivBytes = Buffer.from(iv, "base64url");
      const tagBytes = Buffer.from(tag, "base64url");
      // GCM would accept a shortened tag, which is far easier to forge: only whole ones are taken.
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
        throw new SecretBoxError("a sealed value failed its integrity check");
      }
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(id));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        throw new SecretBoxError("a sealed value failed its integrity check");
      }
    },
    keyIdOf(sealed) {
      return parts(sealed)[1];
    },
    digests(text) {
      return digestKeys.map((key) => createHmac("sha256", key).update(text, "utf8").digest("base64url"));
    },
  };
}

/**
 * The box for this deployment: SECRETS_KEY's keys, or outside production a key generated once into
 * DATA_DIR (config validation makes SECRETS_KEY mandatory in production).
 */
export async function openSecretBox(config: Config): Promise<SecretBox> {
  if (config.secretsKeys.length > 0) {
    return createSecretBox(config.secretsKeys.map((key) => Buffer.from(key, "base64")));
  }
  if (config.isProduction) throw new SecretBoxError("SECRETS_KEY is required in production");
  const file = path.join(config.dataDir, KEY_FILE);
  let encoded: string;
  try {
    encoded = (await readFile(file, "utf8")).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    await mkdir(config.dataDir, { recursive: true });
    encoded = randomBytes(32).toString("base64");
    // Written aside, then linked into place: link fails if another process got there first (its key
    // is then the one to use), and no process ever reads a half-written file.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(draft, `${encoded}\n`, { mode: 0o600 });
    try {
      await link(draft, file);
    } catch (linkErr) {
      if ((linkErr as NodeJS.ErrnoException).code !== "EEXIST") throw linkErr;
      encoded = (await readFile(file, "utf8")).trim();
    } finally {
      await unlink(draft);
    }
    await chmod(file, 0o600);
  }
  return createSecretBox([Buffer.from(encoded, "base64")]);
}
