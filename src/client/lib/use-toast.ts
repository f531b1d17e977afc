/**
 * A small toast store in the shadcn style: any code, inside React or not, calls `toast()`, and the
 * one <Toaster /> renders what the store holds.
 */
import type { ReactNode } from "react";
import { useEffect, useState } from "react";

// Spec section 9: one toast at a time; a dismissed toast stays in memory this long before removal.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** A rendered action element (a Radix Toast.Action). */
  action?: ReactNode;
  duration?: number;
}

export interface ToasterToast extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface State {
  toasts: ToasterToast[];
}

type Action =
  | { type: "ADD_TOAST"; toast: ToasterToast }
  | { type: "UPDATE_TOAST"; toast: Partial<ToasterToast> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string): void {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: "REMOVE_TOAST", toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action): void {
  // Removal timers are side effects, so they live here rather than in the pure reducer.
  if (action.type === "DISMISS_TOAST") {
    for (const t of memoryState.toasts) {
      if (action.toastId === undefined || t.id === action.toastId) scheduleRemoval(t.id);
    }
  }
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

export function toast(options: ToastOptions): {
  id: string;
  dismiss: () => void;
  update: (next: ToastOptions) => void;
} {
  const id = genId();
  const dismiss = () => dispatch({ type: "DISMISS_TOAST", toastId: id });
  dispatch({
    type: "ADD_TOAST",
    toast: {
      ...options,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update: (next) => dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } }) };
}

export function useToast(): State & { toast: typeof toast; dismiss: (toastId?: string) => void } {
  const [state, setState] = useState<State>(memoryState);

  useEffect(() => {
    listeners.add(setState);
    // The store may have changed between the first render and this effect.
    setState(memoryState);
    return () => {
      listeners.delete(setState);
    };
  }, []);

  return { ...state, toast, dismiss: (toastId) => dispatch({ type: "DISMISS_TOAST", toastId }) };
}
