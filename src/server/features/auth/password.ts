/** Password hashing (argon2id with OWASP's parameters) and the refusal of very common passwords. */
import { hash, verify } from "@node-rs/argon2";

// OWASP Password Storage Cheat Sheet: argon2id, 19 MiB of memory, 2 iterations, 1 degree of parallelism.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verifying against this when the account does not exist keeps the answer time the same either way.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword("no-such-account-placeholder");
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

// The list (about 400 KB of code) loads with the first password it checks, not with the server.
let commonPasswords: Promise<Set<string>> | undefined;

/** True for passwords on a list of about 50,000 leaked and commonly chosen ones. */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then((loaded) => {
    // A CommonJS package: its exports are the import's `default` both in Node and in the bundled
    // server, whose chunk has no named exports.
    const { dictionary } = ("default" in loaded ? loaded.default : loaded) as typeof loaded;
    return new Set(dictionary["passwords-common"] as string[]);
  });
  return (await commonPasswords).has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less predictable one.";
