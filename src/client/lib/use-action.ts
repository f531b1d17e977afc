/**
 * A request a button or form starts, with its state for the screen: the sign-in page's few actions
 * (password, second factor, passkey), which must not bring TanStack Query's mutations into the
 * first load (decision 077). It keeps their shape, so a screen reads the same either way: the
 * latest call's outcome wins, and `reset` forgets it.
 */
import { useCallback, useRef, useState } from "react";

type Outcome<T> =
  | { status: "idle"; data: undefined; error: null }
  | { status: "pending"; data: undefined; error: null }
  | { status: "success"; data: T; error: null }
  | { status: "error"; data: undefined; error: Error };

const IDLE = { status: "idle", data: undefined, error: null } as const;

interface ActionCalls<V, T> {
  /** Runs the action; rejects with its error, which the state shows too. */
  mutateAsync(variables: V): Promise<T>;
  /** Runs the action, its failure shown by the state only; `onSuccess` runs after the action's own. */
  mutate(variables: V, options?: { onSuccess?: (data: T) => void }): void;
  /** Back to idle: the last outcome is no longer shown. */
  reset(): void;
  data: T | undefined;
  isIdle: boolean;
  isPending: boolean;
  isSuccess: boolean;
}

/** As TanStack's mutation result: `isError` says that `error` is there. */
export type Action<V, T> = ActionCalls<V, T> &
  ({ isError: true; error: Error } | { isError: false; error: null });

export function useAction<V, T>(
  run: (variables: V) => Promise<T>,
  { onSuccess }: { onSuccess?: (data: T) => void } = {},
): Action<V, T> {
  const [outcome, setOutcome] = useState<Outcome<T>>(IDLE);
  // Only the latest call may write its outcome, and a reset outdates every call before it.
  const latest = useRef(0);
  const handlers = useRef({ run, onSuccess });
  handlers.current = { run, onSuccess };

  const mutateAsync = useCallback(async (variables: V): Promise<T> => {
    const call = ++latest.current;
    setOutcome({ status: "pending", data: undefined, error: null });
    try {
      const data = await handlers.current.run(variables);
      handlers.current.onSuccess?.(data);
      if (call === latest.current) setOutcome({ status: "success", data, error: null });
      return data;
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      if (call === latest.current) setOutcome({ status: "error", data: undefined, error });
      throw error;
    }
  }, []);

  const mutate = useCallback(
    (variables: V, options?: { onSuccess?: (data: T) => void }) => {
      mutateAsync(variables).then(options?.onSuccess, () => {});
    },
    [mutateAsync],
  );

  const reset = useCallback(() => {
    latest.current++;
    setOutcome(IDLE);
  }, []);

  const calls = {
    mutateAsync,
    mutate,
    reset,
    data: outcome.data,
    isIdle: outcome.status === "idle",
    isPending: outcome.status === "pending",
    isSuccess: outcome.status === "success",
  };
  return outcome.status === "error"
    ? { ...calls, isError: true, error: outcome.error }
    : { ...calls, isError: false, error: null };
}
