// @vitest-environment node
import { describe, expect, it } from "vitest";
import { reducer, TOAST_LIMIT, type ToasterToast } from "../../../src/client/lib/use-toast";

function makeToast(id: string): ToasterToast {
  return { id, open: true, title: `Toast ${id}`, onOpenChange: () => {} };
}

describe("toast store reducer", () => {
  it("shows one toast at a time: a new toast replaces the previous one", () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: makeToast("1") });
    state = reducer(state, { type: "ADD_TOAST", toast: makeToast("2") });
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("closes a dismissed toast and removes it later", () => {
    let state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: makeToast("1") });
    state = reducer(state, { type: "DISMISS_TOAST", toastId: "1" });
    expect(state.toasts[0]?.open).toBe(false);
    state = reducer(state, { type: "REMOVE_TOAST", toastId: "1" });
    expect(state.toasts).toEqual([]);
  });

  it("updates a toast in place", () => {
    let state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: makeToast("1") });
    state = reducer(state, { type: "UPDATE_TOAST", toast: { id: "1", title: "Changed" } });
    expect(state.toasts[0]?.title).toBe("Changed");
  });
});
