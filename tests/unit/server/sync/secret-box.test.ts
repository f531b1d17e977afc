import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../../../src/server/platform/config";
import {
  createSecretBox,
  openSecretBox,
  SecretBoxError,
} from "../../../../src/server/platform/secrets/secret-box";

const keyA = randomBytes(32);
const keyB = randomBytes(32);

/** Replaces one dot-separated part of a sealed value. */
function withPart(sealed: string, index: number, edit: (part: string) => string): string {
  const parts = sealed.split(".");
  parts[index] = edit(parts[index] ?? "");
  return parts.join(".");
}

/** Flips one bit of a base64url part, so the bytes really change (not just padding bits). */
function flipBit(part: string): string {
  const bytes = Buffer.from(part, "base64url");
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  return bytes.toString("base64url");
}

describe("createSecretBox", () => {
  it.each(["hunter2", "pässwörd ✓ 🔐 日本語", ""])("opens what it sealed: %j", (text) => {
    const box = createSecretBox([keyA]);
    expect(box.open(box.seal(text))).toBe(text);
  });

  it("seals the same text differently each time", () => {
    const box = createSecretBox([keyA]);
    const first = box.seal("same");
    const second = box.seal("same");
    expect(first).not.toBe(second);
    expect(box.open(first)).toBe("same");
    expect(box.open(second)).toBe("same");
  });

  it("stores v1.<current key id>. followed by iv, ciphertext and tag", () => {
    const box = createSecretBox([keyA]);
    const sealed = box.seal("secret");
    expect(sealed.startsWith(`v1.${box.currentKeyId}.`)).toBe(true);
    expect(sealed.split(".")).toHaveLength(5);
    expect(sealed).not.toContain("secret");
    expect(box.keyIdOf(sealed)).toBe(box.currentKeyId);
  });

  it("gives each key its own id, and the same key the same id", () => {
    expect(createSecretBox([keyA]).currentKeyId).toBe(createSecretBox([keyA]).currentKeyId);
    expect(createSecretBox([keyA]).currentKeyId).not.toBe(createSecretBox([keyB]).currentKeyId);
  });

  it("opens values sealed under an older key after rotation, and seals with the newest", () => {
    const oldBox = createSecretBox([keyA]);
    const underA = oldBox.seal("old value");
    const rotated = createSecretBox([keyB, keyA]);
    expect(rotated.open(underA)).toBe("old value");
    expect(rotated.keyIdOf(underA)).toBe(oldBox.currentKeyId);

    const underB = rotated.seal("new value");
    expect(rotated.currentKeyId).toBe(createSecretBox([keyB]).currentKeyId);
    expect(rotated.keyIdOf(underB)).toBe(rotated.currentKeyId);
    expect(rotated.keyIdOf(underB)).not.toBe(oldBox.currentKeyId);
    expect(() => oldBox.open(underB)).toThrow(SecretBoxError);
  });

  it("digests a text the same way every time under a key, differently under another, and after rotation still by the old key", () => {
    const oldBox = createSecretBox([keyA]);
    const [underA] = oldBox.digests("ann@example.com");
    expect(createSecretBox([keyA]).digests("ann@example.com")).toEqual([underA]);
    expect(underA).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(underA).not.toContain("ann");
    expect(oldBox.digests("ann@example.co")).not.toEqual([underA]);
    const rotated = createSecretBox([keyB, keyA]).digests("ann@example.com");
    expect(rotated).toHaveLength(2);
    expect(rotated[0]).not.toBe(underA);
    expect(rotated[1]).toBe(underA);
  });

  it("cannot open a value whose key it does not have, and names the key id", () => {
    const underA = createSecretBox([keyA]).seal("x");
    const idA = createSecretBox([keyA]).currentKeyId;
    const box = createSecretBox([keyB]);
    expect(() => box.open(underA)).toThrow(SecretBoxError);
    expect(() => box.open(underA)).toThrow(idA);
  });

  it("refuses a value whose ciphertext was changed", () => {
    const box = createSecretBox([keyA]);
    const tampered = withPart(box.seal("a secret value"), 3, flipBit);
    expect(() => box.open(tampered)).toThrow(SecretBoxError);
  });

  it("refuses a value whose tag was changed", () => {
    const box = createSecretBox([keyA]);
    const tampered = withPart(box.seal("a secret value"), 4, flipBit);
    expect(() => box.open(tampered)).toThrow(SecretBoxError);
  });

  it("refuses a value whose iv was changed", () => {
    const box = createSecretBox([keyA]);
    const tampered = withPart(box.seal("a secret value"), 2, flipBit);
    expect(() => box.open(tampered)).toThrow(SecretBoxError);
  });

  it("refuses a value relabelled to another configured key", () => {
    const box = createSecretBox([keyB, keyA]);
    const underA = createSecretBox([keyA]).seal("a secret value");
    const relabelled = withPart(underA, 1, () => box.currentKeyId);
    expect(() => box.open(relabelled)).toThrow(SecretBoxError);
  });

  it("refuses a value relabelled to an unknown key id", () => {
    const box = createSecretBox([keyA]);
    const relabelled = withPart(box.seal("x"), 1, flipBit);
    expect(() => box.open(relabelled)).toThrow(SecretBoxError);
  });

  // A GCM tag cut short is still checked only on the bytes left: a 4-byte tag can be forged in
  // about 2^32 tries. The box writes 16-byte tags, so it must accept no other length.
  it("refuses a value whose tag was truncated", () => {
    const box = createSecretBox([keyA]);
    const truncated = withPart(box.seal("a secret value"), 4, (tag) =>
      Buffer.from(tag, "base64url").subarray(0, 4).toString("base64url"),
    );
    expect(() => box.open(truncated)).toThrow(SecretBoxError);
  });

  it.each([
    ["an empty tag", 4],
    ["an empty iv", 2],
  ])("refuses a value with %s as a SecretBoxError", (_label, index) => {
    const box = createSecretBox([keyA]);
    const broken = withPart(box.seal("a secret value"), index, () => "");
    expect(() => box.open(broken)).toThrow(SecretBoxError);
  });

  it("refuses text that is not a sealed value", () => {
    const box = createSecretBox([keyA]);
    expect(() => box.open("plain text")).toThrow(SecretBoxError);
    expect(() => box.open(box.seal("x").replace(/^v1/, "v2"))).toThrow(SecretBoxError);
    expect(() => box.keyIdOf("a.b.c")).toThrow(SecretBoxError);
  });

  it("refuses keys that are not 32 bytes, and no key at all", () => {
    expect(() => createSecretBox([randomBytes(16)])).toThrow(SecretBoxError);
    expect(() => createSecretBox([keyA, randomBytes(31)])).toThrow(SecretBoxError);
    expect(() => createSecretBox([])).toThrow(SecretBoxError);
  });
});

describe("openSecretBox", () => {
  let tmp: string;

  beforeEach(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "secret-box-"));
  });

  afterEach(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("uses SECRETS_KEY's keys, newest first, and writes no key file", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: tmp,
      SECRETS_KEY: `${keyB.toString("base64")},${keyA.toString("base64")}`,
    });
    const box = await openSecretBox(config);
    expect(box.currentKeyId).toBe(createSecretBox([keyB]).currentKeyId);
    expect(box.open(createSecretBox([keyA]).seal("old"))).toBe("old");
    expect(fs.existsSync(path.join(tmp, "secrets.key"))).toBe(false);
  });

  it("generates secrets.key in DATA_DIR with mode 0600 and reuses it", async () => {
    const dataDir = path.join(tmp, "nested", "data");
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
    expect(config.secretsKeys).toEqual([]);

    const first = await openSecretBox(config);
    const file = path.join(dataDir, "secrets.key");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const stored = fs.readFileSync(file, "utf8").trim();
    expect(Buffer.from(stored, "base64")).toHaveLength(32);
    expect(first.currentKeyId).toBe(createSecretBox([Buffer.from(stored, "base64")]).currentKeyId);

    const sealed = first.seal("kept across restarts");
    const second = await openSecretBox(config);
    expect(second.currentKeyId).toBe(first.currentKeyId);
    expect(second.open(sealed)).toBe("kept across restarts");
    expect(fs.readFileSync(file, "utf8").trim()).toBe(stored);
  });

  it("gives concurrent first calls the same key", async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: tmp });
    const boxes = await Promise.all([openSecretBox(config), openSecretBox(config), openSecretBox(config)]);
    expect(new Set(boxes.map((box) => box.currentKeyId)).size).toBe(1);
  });

  it("refuses to generate a key in production", async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: tmp });
    await expect(openSecretBox({ ...config, isProduction: true, secretsKeys: [] })).rejects.toThrow(
      SecretBoxError,
    );
    expect(fs.existsSync(path.join(tmp, "secrets.key"))).toBe(false);
  });
});
