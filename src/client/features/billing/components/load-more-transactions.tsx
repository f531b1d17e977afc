/**
 * The end of a long billing history: more rows come as the customer scrolls near it (an
 * IntersectionObserver watches a line below the cards), and a Load more button does the same for
 * the keyboard and where the observer is missing. A failed page says so and offers to try again.
 */
import { useEffect, useRef } from "react";
import { ErrorState } from "../../../components/error-state";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { formatCount } from "../../../lib/format";

/** How far below the screen's edge the next page is asked for, so scrolling rarely waits. */
const AHEAD = "600px 0px";

export function LoadMoreTransactions({
  loaded,
  matching,
  hasMore,
  loading,
  failed,
  error,
  onLoadMore,
}: {
  loaded: number;
  matching: number;
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  error: unknown;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  // The newest callback without re-observing on every render.
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;
  // After a failure only the customer asks again, so a broken page is not asked for in a loop.
  const watching = hasMore && !loading && !failed;

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
    <div className="space-y-3">
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <p className="text-sm text-muted-foreground">
        {`Showing the newest ${formatCount(loaded)} of ${formatCount(matching)}.`}
      </p>
      {failed ? (
        <ErrorState
          title="More transactions could not be loaded"
          error={error}
          retrying={loading}
          onRetry={onLoadMore}
        />
      ) : (
        <Button
          variant="outline"
          // Stays focusable while the page comes, so focus is not lost.
          aria-disabled={loading || undefined}
          onClick={() => {
            if (!loading) onLoadMore();
          }}
        >
          {loading ? <Spinner label="Loading more transactions" className="size-4" /> : null}
          Load more
        </Button>
      )}
    </div>
  );
}
