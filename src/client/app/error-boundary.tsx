import { useLingui } from "@lingui/react/macro";
import { Component, type ErrorInfo, type ReactNode } from "react";

interface Props {
  children: ReactNode;
  /** Where the boundary sits, for the log line. */
  name: string;
}

/**
 * What the boundary shows in place of what failed: a function component, for the messages' hook.
 * Should no language have loaded at all (its catalogue failed too), it still says it, in English.
 */
function ErrorFallback() {
  const { i18n, t } = useLingui();
  const speaking = Boolean(i18n.locale);
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">
        {speaking
          ? t({ id: "error-boundary.title", message: "Something went wrong" })
          : "Something went wrong"}
      </h1>
      <p className="max-w-md text-muted-foreground">
        {speaking
          ? t({
              id: "error-boundary.text",
              message: "This page could not be displayed. Reloading usually fixes this.",
            })
          : "This page could not be displayed. Reloading usually fixes this."}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex h-9 cursor-pointer items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-xs hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {speaking ? t({ id: "error-boundary.reload", message: "Reload the page" }) : "Reload the page"}
      </button>
    </div>
  );
}

/**
 * Catches a render error or a chunk that failed to load (often after a deploy) and offers a reload.
 * Built from plain elements: it is in the first-load bundle and must work when chunks do not.
 */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[${this.props.name}] render failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return <ErrorFallback />;
  }
}
