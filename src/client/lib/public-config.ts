/**
 * The portal's public configuration (`GET /api/config`): the same for everyone and for the whole
 * visit, so it is asked for once and kept here, in a store of its own rather than the query cache,
 * because the sign-in page reads it and goes without TanStack Query (decision 077).
 */
import { useEffect, useSyncExternalStore } from "react";
import type { PublicConfig } from "../../shared/api/public-config";
import { getJson } from "./api-client";
import { type FieldKind, readRecord } from "./read-answer";

const CONFIG_FIELDS = {
  knowledgeBaseUrl: "string",
  supportEmail: "string",
  supportPhone: "string",
  chatWidgetId: "string?",
  googleSignInEnabled: "boolean",
  devToolsEnabled: "boolean",
} as const satisfies Record<keyof PublicConfig, FieldKind>;

/**
 * `GET /api/config`'s answer, checked by hand against `publicConfigSchema`'s shape: the sign-in page
 * reads it, and the schema would bring zod into its first load.
 */
export function readPublicConfig(body: unknown): PublicConfig {
  return readRecord<PublicConfig>(body, CONFIG_FIELDS, "configuration answer");
}

export async function getPublicConfig(): Promise<PublicConfig> {
  return readPublicConfig(await getJson("/api/config", { on401: "throw" }));
}

export interface PublicConfigState {
  data: PublicConfig | undefined;
  error: Error | null;
  /** No answer yet, nor a failure. */
  isPending: boolean;
  isError: boolean;
  /** A request is under way (the first, or a retry after a failure). */
  isFetching: boolean;
}

const NOT_ASKED: PublicConfigState = {
  data: undefined,
  error: null,
  isPending: true,
  isError: false,
  isFetching: false,
};
let state = NOT_ASKED;
let loading: Promise<PublicConfig> | undefined;
const listeners = new Set<() => void>();

function publish(next: PublicConfigState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Asks for the configuration unless it is in or on its way; a failure is kept (and shown) until
 * `retry` asks again. Never rejects: the outcome is in the store.
 */
export function loadPublicConfig(): Promise<void> {
  if (state.data || state.isError) return Promise.resolve();
  return fetchConfig().then(
    () => undefined,
    () => undefined,
  );
}

function fetchConfig(): Promise<PublicConfig> {
  if (!loading) {
    publish({ ...state, isFetching: true });
    loading = getPublicConfig().then(
      (data) => {
        publish({ data, error: null, isPending: false, isError: false, isFetching: false });
        return data;
      },
      (error: unknown) => {
        loading = undefined;
        const failure = error instanceof Error ? error : new Error(String(error));
        publish({ data: undefined, error: failure, isPending: false, isError: true, isFetching: false });
        throw failure;
      },
    );
  }
  return loading;
}

/** Asks again after a failure. */
function retry(): Promise<void> {
  return fetchConfig().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Forgets the configuration and any failure: for tests, each of which starts afresh.
 * @internal
 */
export function resetPublicConfig(): void {
  loading = undefined;
  publish(NOT_ASKED);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => state;

/** The configuration, asked for on first use, with the state of its request and a way to retry. */
export function usePublicConfig(): PublicConfigState & { refetch: () => Promise<void> } {
  const config = useSyncExternalStore(subscribe, current, current);
  useEffect(() => {
    void loadPublicConfig();
  }, []);
  return { ...config, refetch: retry };
}
