// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, getQueryFn } from "../../../src/client/lib/api-client";

type FetchArgs = [input: string, init?: RequestInit];

function stubFetch(response: () => Response) {
  const calls: FetchArgs[] = [];
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    calls.push([input, init]);
    return response();
  });
  return calls;
}

function queryContext(queryKey: readonly unknown[]) {
  return { queryKey, signal: new AbortController().signal, meta: undefined } as never;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiRequest", () => {
  it("sends cookies and a JSON body, and returns the OK response", async () => {
    const calls = stubFetch(() => Response.json({ ok: true }));
    const res = await apiRequest("POST", "/api/login", { email: "a@b.co", password: "pw" });

    expect(await res.json()).toEqual({ ok: true });
    const [url, init] = calls[0] ?? [];
    expect(url).toBe("/api/login");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("include");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
    expect(init?.body).toBe(JSON.stringify({ email: "a@b.co", password: "pw" }));
  });

  it("sends {} when a state-changing request has nothing to say, so the server sees JSON", async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    await apiRequest("POST", "/api/logout");
    const init = calls[0]?.[1];
    expect(init?.body).toBe("{}");
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
  });

  it("sends no body on GET", async () => {
    const calls = stubFetch(() => Response.json([]));
    await apiRequest("GET", "/api/things");
    expect(calls[0]?.[1]?.body).toBeUndefined();
    expect(calls[0]?.[1]?.credentials).toBe("include");
  });

  it('throws "STATUS: body" for a non-OK answer', async () => {
    stubFetch(() => new Response('{"error":"Invalid email or password"}', { status: 401 }));
    const error = await apiRequest("POST", "/api/login", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('401: {"error":"Invalid email or password"}');
    expect((error as ApiError).status).toBe(401);
  });

  it('throws "STATUS: statusText" when the body is empty', async () => {
    stubFetch(() => new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(apiRequest("GET", "/api/health")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("getQueryFn", () => {
  it("fetches the URL named by the query key, with cookies, and returns its JSON", async () => {
    const calls = stubFetch(() => Response.json({ id: 1 }));
    const queryFn = getQueryFn<{ id: number }>({ on401: "throw" });
    await expect(queryFn(queryContext(["/api/user"]))).resolves.toEqual({ id: 1 });
    expect(calls[0]?.[0]).toBe("/api/user");
    expect(calls[0]?.[1]?.credentials).toBe("include");
  });

  it("joins a multi-part key with slashes", async () => {
    const calls = stubFetch(() => Response.json([]));
    await getQueryFn({ on401: "throw" })(queryContext(["/api/accounts/linkedin/user", "abc-123"]));
    expect(calls[0]?.[0]).toBe("/api/accounts/linkedin/user/abc-123");
  });

  it('yields null for a 401 with on401 "returnNull" (no user)', async () => {
    stubFetch(() => new Response('{"error":"Not signed in"}', { status: 401 }));
    await expect(getQueryFn({ on401: "returnNull" })(queryContext(["/api/user"]))).resolves.toBeNull();
  });

  it('throws for a 401 with on401 "throw"', async () => {
    stubFetch(() => new Response('{"error":"Not signed in"}', { status: 401, statusText: "Unauthorized" }));
    await expect(getQueryFn({ on401: "throw" })(queryContext(["/api/user"]))).rejects.toThrow(
      '401: {"error":"Not signed in"}',
    );
  });

  it("throws for other failures even with on401 returnNull", async () => {
    stubFetch(() => new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(getQueryFn({ on401: "returnNull" })(queryContext(["/api/user"]))).rejects.toThrow(
      "500: Internal Server Error",
    );
  });
});
