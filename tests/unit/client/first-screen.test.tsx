// @vitest-environment jsdom
/**
 * Decision 013: a first load paints its first screen once, whole, and as soon as it can. The loading
 * screen stays blank while the page is quick, and the signed-in layout waits for the page's chunk
 * instead of showing a spinner where the page goes.
 */
import { act, cleanup, render, screen } from "@testing-library/react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoadingScreen } from "../../../src/client/app/loading-screen";
import {
  FIRST_DATA_WAIT_MS,
  holdFirstScreen,
  useFirstScreenLoaded,
} from "../../../src/client/app/routes/first-screen";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Screen() {
  return useFirstScreenLoaded() ? <h1>Dashboard</h1> : <p>Waiting</p>;
}

describe("the first screen", () => {
  it("waits for every chunk it was given, then renders", async () => {
    const layout = deferred();
    const page = deferred();
    holdFirstScreen([layout.promise, page.promise]);
    await act(async () => {
      render(<Screen />);
    });
    expect(screen.getByText("Waiting")).toBeTruthy();

    await act(async () => layout.resolve());
    expect(screen.queryByRole("heading")).toBeNull();

    await act(async () => page.resolve());
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
  });

  it("renders once a chunk has failed, so that the screen needing it shows the error", async () => {
    const page = deferred();
    holdFirstScreen([page.promise]);
    await act(async () => {
      render(<Screen />);
    });
    await act(async () => page.reject(new Error("Failed to fetch dynamically imported module")));
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
  });

  it("waits for its first data once its chunks are in, so that a quick answer is on its first paint", async () => {
    const page = deferred();
    const data = deferred();
    holdFirstScreen([page.promise], data.promise);
    await act(async () => {
      render(<Screen />);
    });
    await act(async () => page.resolve());
    expect(screen.getByText("Waiting")).toBeTruthy();

    await act(async () => data.resolve());
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
  });

  it("waits for its data no longer than 300 ms after its chunks are in", async () => {
    vi.useFakeTimers();
    const page = deferred();
    holdFirstScreen([page.promise], new Promise(() => {}));
    await act(async () => {
      render(<Screen />);
    });
    await act(async () => page.resolve());
    await act(async () => vi.advanceTimersByTime(FIRST_DATA_WAIT_MS - 1));
    expect(screen.getByText("Waiting")).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(FIRST_DATA_WAIT_MS).toBe(300);
  });

  it("renders at once when its chunks are already in, as after the first load", async () => {
    const page = deferred();
    holdFirstScreen([page.promise]);
    page.resolve();
    await page.promise;
    await Promise.resolve();
    await act(async () => {
      render(<Screen />);
    });
    expect(screen.getByRole("heading", { name: "Dashboard" })).toBeTruthy();
  });

  it("shows the screen as soon as its chunks are in, not after React's 300 ms hold on a Suspense fallback", async () => {
    // Outside act(), as in the browser: act() flushes React's work and skips that hold.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    try {
      const page = deferred();
      holdFirstScreen([page.promise]);
      root.render(<Screen />);
      await vi.waitFor(() => expect(container.textContent).toBe("Waiting"), { interval: 1 });

      const chunksIn = performance.now();
      page.resolve();
      await vi.waitFor(() => expect(container.querySelector("h1")).not.toBeNull(), { interval: 1 });
      expect(performance.now() - chunksIn).toBeLessThan(150);
    } finally {
      root.unmount();
      container.remove();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
    }
  });
});

describe("the loading screen", () => {
  beforeEach(() => vi.useFakeTimers());

  it("shows nothing during the page's first moment, then the spinner", () => {
    let now = 400;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    const { container } = render(<LoadingScreen />);
    expect(screen.queryByRole("status")).toBeNull();
    expect(container.textContent).toBe("");

    now = 1499;
    act(() => vi.advanceTimersByTime(1099));
    expect(screen.queryByRole("status")).toBeNull();

    now = 1500;
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    expect(screen.getByText("Checking your session…")).toBeTruthy();
  });

  it("shows the spinner at once later on, when a screen loads after the first moment", () => {
    vi.spyOn(performance, "now").mockReturnValue(5000);
    render(<LoadingScreen />);
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
  });
});
