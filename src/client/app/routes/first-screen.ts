import { use } from "react";

let firstScreen: Promise<void> | undefined;

/**
 * Names the chunks the first screen of this page load needs (the signed-in layout and the page).
 * Settles when they are all in, or when one failed: the screen that needs it then shows the error.
 */
export function holdFirstScreen(chunks: Promise<unknown>[]): void {
  firstScreen = Promise.all(chunks).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Suspends until the first screen's chunks are in, so that the layout and the page appear in one
 * paint instead of the layout first with a spinner where the page goes (decision 013). After the
 * first load, or when nothing was preloaded, it returns at once.
 */
export function useFirstScreenLoaded(): void {
  if (firstScreen) use(firstScreen);
}
