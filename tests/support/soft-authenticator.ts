/**
 * A software WebAuthn authenticator for API tests: it makes ES256 passkeys with node:crypto and
 * answers registration ("none" attestation) and authentication ceremonies with the JSON a browser's
 * `startRegistration` / `startAuthentication` would send, so the server's real verification runs.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** The little CBOR (RFC 8949) that attestation objects and COSE keys need. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const counterBytes = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  user?: { id: string };
  [key: string]: unknown;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(
    readonly rpId: string,
    readonly origin: string,
    /** Whether the passkeys it makes are synced (backup eligible and backed up), as a phone's are. */
    readonly synced = false,
  ) {}

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(extra: number) {
    return FLAG_UP | FLAG_UV | (this.synced ? FLAG_BE | FLAG_BS : 0) | extra;
  }

  /** `navigator.credentials.create()`: a new passkey for the options' user, in the JSON the browser sends. */
  register(options: CeremonyOptions, { origin = this.origin }: { origin?: string } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const credentialId = randomBytes(32);
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x as string, "base64url")],
      [-3, Buffer.from(jwk.y as string, "base64url")],
    ]);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      credentialIdLength,
      credentialId,
      cbor(coseKey),
    ]);
    const attestationObject = cbor({ fmt: "none", attStmt: {}, authData });
    const id = b64url(credentialId);
    this.credentials.push({ id, privateKey, userHandle: options.user?.id ?? "", counter: 0 });
    return {
      id,
      rawId: id,
      type: "public-key" as const,
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /**
   * `navigator.credentials.get()`: an assertion by one of its passkeys (the newest by default). The
   * counter goes up by one unless `counter` says what to sign.
   */
  assert(
    options: CeremonyOptions,
    {
      credential = this.credentials.at(-1),
      origin = this.origin,
      counter,
    }: { credential?: SoftCredential | undefined; origin?: string; counter?: number } = {},
  ) {
    if (!credential) throw new Error("the authenticator holds no passkey");
    credential.counter = counter ?? credential.counter + 1;
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([this.flags(0)]),
      counterBytes(credential.counter),
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key" as const,
      authenticatorAttachment: "platform" as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }
}
