/**
 * The end of a long billing history: more rows come as the customer scrolls near it (an
 * IntersectionObserver watches a line below the cards), and a Load more button does the same for
 * the keyboard and where the observer is missing. A failed page says so and offers to try again.
 */
import { useLingui } from "@lingui/react/macro";
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
  const { t } = useLingui();
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
  const shown = formatCount(loaded);
  const total = formatCount(matching);
  return (
    <div className="space-y-3">
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <p className="text-sm text-muted-foreground">
        {t({ id: "billing.load-more.showing", message: `Showing the newest ${shown} of ${total}.` })}
      </p>
      {failed ? (
        <ErrorState
          title={t({ id: "billing.load-more.failed", message: "More transactions could not be loaded" })}
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
          {loading ? (
            <Spinner
              label={t({ id: "billing.load-more.loading", message: "Loading more transactions" })}
              className="size-4"
            />
          ) : null}
          {t({ id: "billing.load-more.button", message: "Load more" })}
        </Button>
      )}
    </div>
  );
}
