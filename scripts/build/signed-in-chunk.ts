/**
 * How the build keeps what only signed-in screens share out of the sign-in page's first load
 * (vite.config.ts, decisions 013 and 077).
 *
 * TanStack Query, the query client and the small components the signed-in first screens share load
 * with those screens, in the chunk of their icons (`signed-in-icons`): left to Rollup's merging of
 * small chunks they became half a dozen chunks of their own, and a phone's dashboard asked for 13
 * scripts. A manual chunk takes in every module it imports that is in no other manual chunk, so
 * what those modules import from the sign-in page's own code (React, the API client, the buttons)
 * goes into the chunk of icons the entry loads: otherwise the sign-in page would import it from the
 * signed-in chunk and download that too.
 */
import type { Rollup } from "vite";

export type SignedInChunkPlan = {
  /** Parts of module ids (a path inside the project, a package's folder) that go with signed-in screens. */
  shared: readonly string[];
  /** The sign-in page's module, whose static imports the first visit to /login loads. */
  signInPage: string;
};

const LUCIDE = "/lucide-react/";

/** `signed-in-icons`, `icons`, or null for a module the plan leaves to the other rules. */
export function signedInChunk({ shared, signInPage }: SignedInChunkPlan): Rollup.GetManualChunk {
  const isShared = (id: string) => shared.some((part) => id.includes(part));
  let withSignIn: Set<string> | undefined;
  return (id, meta) => {
    withSignIn ??= signInModulesTheSharedUse(meta, isShared, signInPage);
    if (withSignIn.has(id)) return "icons";
    if (isShared(id)) return "signed-in-icons";
    return null;
  };
}

function signInModulesTheSharedUse(
  meta: Rollup.ManualChunkMeta,
  isShared: (id: string) => boolean,
  signInPage: string,
): Set<string> {
  const ids = [...meta.getModuleIds()];
  const signIn = staticClosure(
    meta,
    ids.filter((id) => meta.getModuleInfo(id)?.isEntry || id.endsWith(signInPage)),
  );
  const usedByShared = staticClosure(meta, ids.filter(isShared));
  // lucide's icons have their own plan (scripts/build/icon-chunks.ts).
  return new Set([...usedByShared].filter((id) => signIn.has(id) && !id.includes(LUCIDE)));
}

/** `from` and every module they import statically, directly or not. */
function staticClosure({ getModuleInfo }: Rollup.ManualChunkMeta, from: string[]): Set<string> {
  const stack = [...from];
  const seen = new Set(stack);
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    for (const next of getModuleInfo(id)?.importedIds ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen;
}
