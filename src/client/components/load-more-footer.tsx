/**
 * The end of a list that comes a page at a time, the same on every list screen: a button that asks
 * for the next page (it stays focusable while the page comes, so focus is not lost), or, when that
 * page failed, what failed and Try again. With `autoLoad` the next page is also asked for as the
 * reader scrolls near the end (an IntersectionObserver watches a line above the footer); the button
 * stays for the keyboard and where the observer is missing.
 */
import type { ReactNode } from "react";
import { useEffect, useRef } from "react";
import { ErrorState } from "./error-state";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

/** How far below the screen's edge the next page is asked for, so scrolling rarely waits. */
const AHEAD = "600px 0px";

export type LoadMoreLabels = {
  /** The button: "Load more", "Show more orders". */
  button: string;
  /** Read out while the page comes: "Loading more orders". */
  loading: string;
  /** The heading when it failed: "More orders could not be loaded". */
  failed: string;
};

export function LoadMoreFooter({
  hasMore,
  loading,
  failed,
  error,
  onLoadMore,
  labels,
  autoLoad = false,
  children,
  className,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  error: unknown;
  onLoadMore: () => void;
  labels: LoadMoreLabels;
  autoLoad?: boolean;
  /** A line above the button, such as how many are shown of how many. */
  children?: ReactNode;
  className?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  // The newest callback without re-observing on every render.
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;
  // After a failure only the reader asks again, so a broken page is not asked for in a loop.
  const watching = autoLoad && hasMore && !loading && !failed;

  useEffect(() => {
    const target = sentinel.current;
    if (!watching || !target || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [watching]);

  if (!hasMore && !failed) return null;
  return (
    <div className={className ?? "space-y-3"}>
      {autoLoad ? <div ref={sentinel} aria-hidden="true" className="h-px" /> : null}
      {children}
      {failed ? (
        <ErrorState title={labels.failed} error={error} retrying={loading} onRetry={onLoadMore} />
      ) : (
        <Button
          type="button"
          variant="outline"
          aria-disabled={loading || undefined}
          onClick={() => {
            if (!loading) onLoadMore();
          }}
        >
          {loading ? <Spinner label={labels.loading} className="size-4" /> : null}
          {labels.button}
        </Button>
      )}
    </div>
  );
}
