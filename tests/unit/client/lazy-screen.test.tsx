// @vitest-environment jsdom
/** Decision 013: a lazy screen whose chunk is already in renders at once, without the loading fallback. */
import { act, cleanup, render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { lazyScreen } from "../../../src/client/app/routes/lazy-screen";

afterEach(() => cleanup());

function Page({ title }: { title: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {title} {count}
    </button>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe("lazyScreen", () => {
  it("renders a preloaded screen in the first render, with no fallback in between", async () => {
    const Screen = lazyScreen(async () => ({ Page }), "Page");
    await Screen.preload();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen title="Accounts" />
      </Suspense>,
    );
    // No await: what the first commit shows.
    expect(screen.getByRole("button").textContent).toBe("Accounts 0");
    expect(screen.queryByText("Loading")).toBeNull();
  });

  it("shows the fallback while the chunk loads, then the screen", async () => {
    const chunk = deferred<{ Page: typeof Page }>();
    const Screen = lazyScreen(() => chunk.promise, "Page");
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen title="Orders" />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeTruthy();

    await act(async () => chunk.resolve({ Page }));
    act(() => screen.getByRole("button").click());
    expect(screen.getByRole("button").textContent).toBe("Orders 1");
    expect(screen.queryByText("Loading")).toBeNull();
  });

  it("loads the chunk once however often it is asked for", async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads += 1;
      return { Page };
    }, "Page");
    await Promise.all([Screen.preload(), Screen.preload()]);
    render(<Screen title="Help" />);
    expect(loads).toBe(1);
  });
});
