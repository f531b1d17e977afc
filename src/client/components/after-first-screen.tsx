import { type ReactNode, Suspense, useEffect, useState } from "react";

/**
 * Renders `children` (a lazy chunk) only once the screen around it has been drawn: its chunk is asked
 * for after the first screen rather than with it, and only by those who are shown it (decision 013).
 */
export function AfterFirstScreen({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  return drawn ? <Suspense fallback={fallback ?? null}>{children}</Suspense> : (fallback ?? null);
}
