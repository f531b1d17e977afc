/**
 * The end of a long billing history: more rows come as the customer scrolls near it, with how many
 * of the matching transactions are shown (the shared load-more footer does the rest).
 */
import { useLingui } from "@lingui/react/macro";
import { LoadMoreFooter } from "../../../components/load-more-footer";
import { formatCount } from "../../../lib/format";

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
  const shown = formatCount(loaded);
  const total = formatCount(matching);
  return (
    <LoadMoreFooter
      autoLoad
      hasMore={hasMore}
      loading={loading}
      failed={failed}
      error={error}
      onLoadMore={onLoadMore}
      labels={{
        button: t({ id: "billing.load-more.button", message: "Load more" }),
        loading: t({ id: "billing.load-more.loading", message: "Loading more transactions" }),
        failed: t({ id: "billing.load-more.failed", message: "More transactions could not be loaded" }),
      }}
    >
      <p className="text-sm text-muted-foreground">
        {t({ id: "billing.load-more.showing", message: `Showing the newest ${shown} of ${total}.` })}
      </p>
    </LoadMoreFooter>
  );
}
