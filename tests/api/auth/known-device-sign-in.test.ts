/**
 * Strangers guessing at an account must not lock its owner out (decision 019): the owner's browser,
 * which has signed in before, carries a sealed device cookie that exempts it from the account's limit
 * and gives it a small one of its own; every other browser shares the account's limit, spaced out
 * with growing delays, and never guesses more than 10 times in 15 minutes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readMailbox } from "../../support/mailbox";
import { createTestApp, nextLoopbackIp, type TestApp } from "../../support/test-app";
import { insertUser } from "../../support/users";

const PASSWORD = "Owners-Lantern-2026";
const DEVICE_COOKIE = "portal_device";

describe("the owner's known browser and strangers' guesses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  let counter = 0;
  async function owner() {
    counter += 1;
    const email = `owner${counter}-${Date.now()}@example.test`;
    const user = await insertUser(t.database.db, { email, password: PASSWORD, emailVerifiedAt: new Date() });
    // The owner has signed in from their browser before, which remembers it.
    const first = await t.post("/api/login", { email, password: PASSWORD });
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((cookie) => cookie.name === DEVICE_COOKIE);
    if (!device) throw new Error("no device cookie");
    return { user, email, deviceCookie: `${DEVICE_COOKIE}=${device.value}`, device };
  }
  const signIn = (email: string, password: string, cookie?: string) =>
    t.post("/api/login", { email, password }, { ip: nextLoopbackIp(), headers: cookie ? { cookie } : {} });

  it("remembers a browser that signed in with a long-lived, HttpOnly, SameSite=Lax cookie that names no one", async () => {
    const { device, user } = await owner();
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(device.maxAge).toBeGreaterThan(365 * 24 * 60 * 60);
    // Sealed: nothing in it can be read, or changed to name another account.
    const readable = device.value
      .split(".")
      .map((part) => Buffer.from(part, "base64url").toString("latin1"))
      .join(" ");
    expect(readable).not.toContain(user.email);
    expect(readable).not.toContain("known-device");
  });

  it("lets the owner's browser in at once after 50 wrong passwords from other addresses, while a fresh browser stays limited", async () => {
    const { email, deviceCookie } = await owner();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    let guesses = 0;
    // Fifty tries from fifty addresses over ten minutes.
    for (let i = 0; i < 50; i++) {
      vi.setSystemTime(start + i * 12_000);
      const res = await signIn(email, `Wrong-Guess-${i}-xx`);
      expect([401, 429]).toContain(res.statusCode);
      expect(res.json()).toEqual({ error: expect.any(String) });
      if (res.statusCode === 401) guesses += 1;
      else expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    // Only 10 of them were ever checked against the password.
    expect(guesses).toBe(10);

    const known = await signIn(email, PASSWORD, deviceCookie);
    expect(known.statusCode).toBe(200);
    expect(known.json().email).toBe(email);

    // A browser the account has never seen is still held back, right password or not.
    const fresh = await signIn(email, PASSWORD);
    expect(fresh.statusCode).toBe(429);
    // A cookie nobody sealed, or one sealed for another account, counts for nothing.
    const forged = await signIn(email, PASSWORD, `${DEVICE_COOKIE}=v1.AAAAAAAAAAA.AAAA.AAAA.AAAA`);
    expect(forged.statusCode).toBe(429);
    const someoneElse = await owner();
    expect((await signIn(email, PASSWORD, someoneElse.deviceCookie)).statusCode).toBe(429);

    // Once the guesses are 15 minutes old, fresh browsers may try again.
    vi.setSystemTime(start + 49 * 12_000 + 15 * 60_000);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it("gives the known browser a small limit of its own, which does not touch the account's", async () => {
    const { email, deviceCookie } = await owner();
    for (let i = 0; i < 5; i++) {
      expect((await signIn(email, `Mistyped-${i}-xx`, deviceCookie)).statusCode).toBe(401);
    }
    const limited = await signIn(email, PASSWORD, deviceCookie);
    expect(limited.statusCode).toBe(429);
    // The owner's slips did not slow anyone else down: a fresh browser gets a full answer.
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it("answers an unknown email exactly as a known one with a wrong password", async () => {
    const { email } = await owner();
    const known = await signIn(email, "Wrong-Guess-xx-1");
    const unknown = await signIn(`nobody-${Date.now()}@example.test`, "Wrong-Guess-xx-1");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
  });

  it("mails the owner about a sign-in from a browser the account has not seen, and not about a known one", async () => {
    const { email, deviceCookie } = await owner();
    const alerts = async () =>
      (await readMailbox(t.app)).filter(
        (mail) => mail.to === email && mail.subject === "New sign-in to your account",
      );
    // The first sign-in, in owner(), came from a browser the account had never seen.
    const [first] = await alerts();
    expect(first?.text).toContain("/settings");
    expect(first?.text).toMatch(/at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, from the address 127\./);
    expect((await signIn(email, PASSWORD, deviceCookie)).statusCode).toBe(200);
    expect(await alerts()).toHaveLength(1);
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200);
    expect(await alerts()).toHaveLength(2);
  });
});
