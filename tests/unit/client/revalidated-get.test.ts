// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetRevalidatedBodies, getJsonRevalidated } from "../../../src/client/lib/revalidated-get";

type Answer = { status: number; body?: unknown; etag?: string };

/** A server that answers from a script, recording what each request sent. */
function scriptedServer(answers: Answer[]) {
  const requests: RequestInit[] = [];
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
    requests.push(init);
    const answer = answers.shift();
    if (!answer) throw new Error("no answer scripted");
    const headers = new Headers(answer.etag ? { etag: answer.etag } : {});
    if (answer.status === 304) return new Response(null, { status: 304, headers });
    return Response.json(answer.body, { status: answer.status, headers });
  });
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetRevalidatedBodies();
});

const URL = "/api/accounts/linkedin/user/u1";
const ifNoneMatch = (init: RequestInit | undefined) => new Headers(init?.headers).get("If-None-Match");

describe("getJsonRevalidated", () => {
  it("bypasses the browser's cache and revalidates the body it holds with its ETag", async () => {
    const requests = scriptedServer([
      { status: 200, body: [{ id: 1 }], etag: '"v1"' },
      { status: 304, etag: '"v1"' },
      { status: 200, body: [{ id: 1 }, { id: 2 }], etag: '"v2"' },
    ]);
    expect(await getJsonRevalidated(URL, { on401: "throw" })).toEqual([{ id: 1 }]);
    expect(await getJsonRevalidated(URL, { on401: "throw" })).toEqual([{ id: 1 }]);
    expect(await getJsonRevalidated(URL, { on401: "throw" })).toEqual([{ id: 1 }, { id: 2 }]);
    expect(requests.map((r) => r.cache)).toEqual(["no-store", "no-store", "no-store"]);
    expect(requests.map(ifNoneMatch)).toEqual([null, '"v1"', '"v1"']);
  });

  it("forgets what it holds when asked, as signing out does", async () => {
    const requests = scriptedServer([
      { status: 200, body: ["mine"], etag: '"v1"' },
      { status: 200, body: ["fresh"], etag: '"v1"' },
    ]);
    await getJsonRevalidated(URL, { on401: "throw" });
    forgetRevalidatedBodies();
    expect(await getJsonRevalidated(URL, { on401: "throw" })).toEqual(["fresh"]);
    expect(ifNoneMatch(requests[1])).toBeNull();
  });

  it("reports a failure as the API client does", async () => {
    scriptedServer([{ status: 403, body: { error: "You can only view your own accounts" } }]);
    await expect(getJsonRevalidated(URL, { on401: "throw" })).rejects.toThrow(
      '403: {"error":"You can only view your own accounts"}',
    );
  });
});
