/**
 * Decision 077: the session lives in a small store of its own. An answer older than a newer check
 * or a change made here is dropped, a failed check keeps the user known before it, and the data
 * cached for a user is forgotten through whoever registered to forget it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkSession,
  checkSessionUnlessAnswered,
  forgetUserData,
  onForgetUserData,
  refreshSession,
  sessionState,
  setSessionUser,
  whenSessionAnswered,
} from "../../../src/client/lib/session";
import { currentUser } from "./support/current-user";

const user = (name: string) => currentUser({ name });

/** Stubs fetch: each GET /api/session waits until the test answers it, in any order. */
function heldSessionAnswers() {
  const pending: Array<(response: Response) => void> = [];
  const fetch = vi.fn(
    (url: string) =>
      new Promise<Response>((resolve) => {
        expect(url).toBe("/api/session");
        pending.push(resolve);
      }),
  );
  vi.stubGlobal("fetch", fetch);
  return {
    fetch,
    answer: (index: number, body: unknown, status = 200) => pending[index]?.(Response.json(body, { status })),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the session store", () => {
  it("asks once for every check made while one is under way", async () => {
    const { fetch, answer } = heldSessionAnswers();
    const first = checkSession();
    const second = checkSession();
    checkSessionUnlessAnswered();
    expect(fetch).toHaveBeenCalledTimes(1);
    answer(0, { user: user("ada"), viewing: null });
    expect(await first).toMatchObject({ name: "ada" });
    expect(await second).toMatchObject({ name: "ada" });
    // Answered: the keeper's check asks nothing more.
    checkSessionUnlessAnswered();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sessionState()).toMatchObject({ status: "success", user: { name: "ada" } });
  });

  it("drops an answer that a newer check overtook", async () => {
    const { answer } = heldSessionAnswers();
    const older = refreshSession();
    const newer = refreshSession();
    answer(1, { user: null });
    await newer;
    answer(0, { user: user("stale") });
    await older;
    expect(sessionState()).toMatchObject({ status: "success", user: null });
  });

  it("drops an answer that predates a sign-out made here", async () => {
    const { answer } = heldSessionAnswers();
    const check = refreshSession();
    setSessionUser(null);
    answer(0, { user: user("before") });
    await check;
    expect(sessionState().user).toBeNull();
  });

  it("keeps the user known before a failed check, and says it failed", async () => {
    const { answer } = heldSessionAnswers();
    setSessionUser(user("ada"));
    const check = refreshSession();
    answer(0, { error: "unavailable" }, 503);
    expect(await check).toMatchObject({ name: "ada" });
    expect(sessionState()).toMatchObject({ status: "error", user: { name: "ada" } });
  });

  it("refuses an answer whose user is not of the session's shape", async () => {
    const { answer } = heldSessionAnswers();
    const check = refreshSession();
    answer(0, { user: { ...user("ada"), role: "owner" } });
    await check;
    expect(sessionState()).toMatchObject({ status: "error", user: null });
  });

  it("tells who waits for the first answer, once it is in", async () => {
    const { answer } = heldSessionAnswers();
    const waiting = whenSessionAnswered();
    void checkSession();
    answer(0, { user: user("ada"), viewing: { customerId: 2 } });
    expect(await waiting).toMatchObject({ name: "ada" });
    expect(sessionState().viewing).toEqual({ customerId: 2 });
  });

  it("forgets a user's data through every forgetter still registered", () => {
    const kept = vi.fn();
    const dropped = vi.fn();
    const stopKept = onForgetUserData(kept);
    onForgetUserData(dropped)();
    forgetUserData();
    expect(kept).toHaveBeenCalledTimes(1);
    expect(dropped).not.toHaveBeenCalled();
    stopKept();
  });
});
