import { startTransition, useEffect, useState } from "react";

let firstScreen: Promise<void> | undefined;
let firstScreenIn = false;

/**
 * How long the first screen waits for its first data once its chunks are in. An answer that comes
 * within it is on the screen's first paint, instead of a loading state that flashes for a moment
 * and a second round of rendering and layout; a slower one follows the screen (decision 013).
 */
export const FIRST_DATA_WAIT_MS = 300;

/**
 * Names the chunks the first screen of this page load needs (the signed-in layout and the page),
 * and the request for the data it shows first. Settles when the chunks are all in and the data is
 * in or has had its wait, or when a chunk failed: the screen that needs it then shows the error.
 */
export function holdFirstScreen(chunks: Promise<unknown>[], data?: Promise<unknown>): void {
  firstScreenIn = false;
  const settled = () => {
    firstScreenIn = true;
  };
  firstScreen = Promise.all(chunks)
    .then(() => (data ? withinFirstDataWait(data) : undefined))
    .then(settled, settled);
}

/** Settles when `data` settles, or once the first data wait has passed, whichever comes first. */
export function withinFirstDataWait(data: Promise<unknown>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_DATA_WAIT_MS);
  });
  return Promise.race([data.then(() => undefined), waited]).finally(() => clearTimeout(timer));
}

/**
 * Whether the first screen may show: its chunks are in, and its data is in or has had its wait. The
 * layout and the page then appear in one paint, instead of the layout first with a spinner where
 * the page goes (decision 013). After the first load, or when nothing was preloaded, it is true at
 * once.
 *
 * A state that turns true in a transition rather than a suspension: React holds the content of a
 * Suspense boundary that showed its fallback until 300 ms after that fallback appeared, and then
 * renders it in one block; a first load whose chunks came sooner would wait for nothing.
 */
export function useFirstScreenLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => firstScreen === undefined || firstScreenIn);
  useEffect(() => {
    if (loaded || !firstScreen) return;
    let mounted = true;
    void firstScreen.then(() => {
      if (mounted) startTransition(() => setLoaded(true));
    });
    return () => {
      mounted = false;
    };
  }, [loaded]);
  return loaded;
}
