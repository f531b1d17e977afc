import { lazy, Suspense, useEffect, useState } from "react";
import { setFreshProofHandler } from "../lib/fresh-proof";

const FreshProofDialog = lazy(() =>
  import("./fresh-proof-dialog").then((module) => ({ default: module.FreshProofDialog })),
);

/**
 * Mounted once in the signed-in layout: when an action needs a fresh proof, opens the dialog that
 * asks for it (loaded only then) and tells the waiting action whether it was given.
 */
export function FreshProofHost() {
  const [asking, setAsking] = useState<{ resolve: (given: boolean) => void; secondFactor: boolean } | null>(
    null,
  );
  useEffect(() => {
    setFreshProofHandler(
      (secondFactor) => new Promise<boolean>((resolve) => setAsking({ resolve, secondFactor })),
    );
    return () => setFreshProofHandler(null);
  }, []);
  if (!asking) return null;
  const done = (given: boolean) => {
    asking.resolve(given);
    setAsking(null);
  };
  return (
    <Suspense fallback={null}>
      <FreshProofDialog onDone={done} secondFactor={asking.secondFactor} />
    </Suspense>
  );
}
