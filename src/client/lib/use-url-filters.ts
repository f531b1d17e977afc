import { useCallback, useMemo, useRef } from "react";
import { useSearchParams } from "react-router";

/** How a list screen's filters sit in the URL: read (unknown values fall back) and written (defaults left out). */
export interface UrlFilters<F extends object> {
  parse: (params: URLSearchParams) => F;
  serialize: (filters: F) => URLSearchParams;
  /** What Clear puts back. */
  empty: F;
  /** Keys whose change replaces the history entry instead of adding one (the search: one entry per keystroke would make Back useless). */
  typed?: readonly (keyof F)[];
  /** Values every other change also sets (back to page 1, say). */
  onChange?: Partial<F>;
}

/**
 * A list screen's filters as the URL holds them, so reload, Back and a shared link keep them. Written
 * here rather than with a library (nuqs): the first-load budget has no room for one (decision 024).
 * Pass a module-level `spec`, so that the setters keep their identity from render to render.
 */
export function useUrlFilters<F extends object>(spec: UrlFilters<F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { parse, serialize, empty, typed = [], onChange } = spec;
  const filters = useMemo(() => parse(searchParams), [parse, searchParams]);

  // React Router hands a functional update the parameters of the last render, so two changes made
  // before the page renders again (a filter, then a keystroke) would lose the first. Each change
  // starts from the newest parameters asked for instead; a new render (Back, a link) resets them.
  const latest = useRef({ rendered: searchParams, wanted: searchParams });
  if (latest.current.rendered !== searchParams)
    latest.current = { rendered: searchParams, wanted: searchParams };

  const setFilters = useCallback(
    (patch: Partial<F>) => {
      const next = serialize({ ...parse(latest.current.wanted), ...onChange, ...patch });
      latest.current.wanted = next;
      const keys = Object.keys(patch) as (keyof F)[];
      setSearchParams(next, { replace: keys.every((key) => typed.includes(key)) });
    },
    [parse, serialize, onChange, typed, setSearchParams],
  );
  const clearFilters = useCallback(() => setFilters(empty), [setFilters, empty]);

  return { filters, setFilters, clearFilters };
}
