/**
 * A screen in a chunk of its own, loaded when it first renders or when asked for earlier: signed-out
 * visitors never download the signed-in layout and pages, and the other way round.
 */
import { type ComponentType, createElement, lazy, type ReactNode } from "react";
import { type Audience, loadAudience } from "../../lib/i18n/language";
import { loadClassMerge } from "../../lib/utils";

/** A lazy screen whose chunk can be asked for before React first renders it. */
export type PreloadableScreen<P extends object> = ComponentType<P> & {
  /**
   * Starts loading the chunk (once); the render that follows uses the same load. The screen a page
   * shows first asks for its own share of its audiences' messages only (`firstScreen`), which the
   * page carries (decision 052).
   */
  preload(options?: { firstScreen?: boolean }): Promise<unknown>;
};

type Provider = ComponentType<{ children: ReactNode }>;

// The query client's provider, and TanStack Query with it, in a chunk of its own (decision 077).
const loadQueryProvider = (): Promise<Provider> =>
  import("../providers/query-provider").then((module) => module.QueryProvider);

/**
 * A screen's chunk, with tailwind-merge for `cn` and TanStack Query's client around it: every screen
 * but the sign-in page needs both (`classMerge: false` and `queries: false` leave them out), and with
 * its audiences' messages beyond the public ones (decision 052). Once the chunk is in, the screen renders at once: React.lazy
 * would still suspend its first render for a turn, and show the loading fallback in between
 * (decision 013).
 */
export function lazyScreen<K extends string, P extends object>(
  load: () => Promise<{ [key in K]: ComponentType<P> }>,
  name: K,
  {
    classMerge = true,
    queries = true,
    audiences = [],
  }: { classMerge?: boolean; queries?: boolean; audiences?: readonly Audience[] } = {},
): PreloadableScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = ({ firstScreen = false }: { firstScreen?: boolean } = {}) => {
    loading ??= Promise.all([
      load(),
      queries ? loadQueryProvider() : undefined,
      classMerge ? loadClassMerge() : undefined,
      Promise.all(audiences.map((audience) => loadAudience(audience, { firstScreen }))),
    ]).then(([module, Provider]) => {
      const Page = module[name];
      loaded = Provider ? (props: P) => createElement(Provider, null, createElement(Page, props)) : Page;
      return { default: loaded };
    });
    return loading;
  };
  const Lazy = lazy(() => preload());
  // React.lazy only settles after `loaded` is set, so a render through it never commits: the
  // screen is never swapped (and remounted) for the loaded component later.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen when the module loads, as React.lazy makes its own component
  const Screen = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Screen, { preload });
}
