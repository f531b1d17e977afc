/**
 * How the build groups lucide icons into chunks (vite.config.ts, decision 013).
 *
 * Each lucide icon is a module of its own whose top level calls `createLucideIcon`, which Rollup
 * must assume has side effects, so it never merges an icon's chunk into another: left alone, every
 * icon shared by two screens became a chunk of a few hundred bytes, and a signed-in first visit asked
 * for some thirty of them, each a round trip on a phone. Instead the icons go into two chunks:
 *
 * - `signed-in-icons`: the icons only signed-in screens use (every module lazily imported by
 *   `app/routes/signed-in-screens.ts` and `app/layout/layout-parts.ts`, and what those load lazily
 *   in turn), counting the developers' sign-in test page as one of them;
 * - `icons`: lucide's own code and every other icon, so the sign-in page loads only the few it shows.
 *
 * Whether a screen uses an icon is read from the modules' own `import { … } from "lucide-react"`,
 * through lucide's index: the index imports every icon, so following imports alone would say that
 * every screen uses all of them.
 */
import path from "node:path";
import type { Rollup } from "vite";

// The modules whose lazy imports are the signed-in chunks: the screens, and the layout's parts.
const SIGNED_IN_REGISTRIES = [
  "/src/client/app/routes/signed-in-screens.ts",
  "/src/client/app/layout/layout-parts.ts",
];
// The sign-in test page, for developers only (decision D9), is no visitor's first screen: the icons
// that only it and signed-in screens use go with theirs, not into the chunk every first visit to
// /login downloads.
const WITH_SIGNED_IN = ["/src/client/features/auth/pages/login-test-page.tsx"];
const LUCIDE_INDEX = "/lucide-react/dist/esm/lucide-react.mjs";
const LUCIDE_ICON = /\/lucide-react\/dist\/esm\/icons\/[^/]+\.mjs$/;
const LUCIDE = "/lucide-react/dist/esm/";

export function iconChunks(): Rollup.GetManualChunk {
  let chunkOfIcon: Map<string, string> | undefined;
  return (id, meta) => {
    if (!id.includes(LUCIDE)) return null;
    chunkOfIcon ??= planIconChunks(meta);
    return chunkOfIcon.get(id) ?? "icons";
  };
}

function isOwnCode(id: string): boolean {
  return !id.includes("/node_modules/") && !id.startsWith("\0") && id.includes("/src/");
}

function planIconChunks({ getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta): Map<string, string> {
  const ids = [...getModuleIds()];
  const own = ids.filter(isOwnCode);

  // The entry and every lazily imported module start a chunk; which of them reach each module of
  // our own, following static imports between our own modules.
  const roots = own.filter((id) => {
    const info = getModuleInfo(id);
    return info !== null && (info.isEntry || info.dynamicImporters.length > 0);
  });
  const rootsOf = new Map<string, Set<string>>(own.map((id) => [id, new Set<string>()]));
  for (const root of roots) {
    const stack = [root];
    const seen = new Set(stack);
    while (stack.length > 0) {
      const id = stack.pop() as string;
      rootsOf.get(id)?.add(root);
      for (const dep of getModuleInfo(id)?.importedIds ?? []) {
        if (isOwnCode(dep) && !seen.has(dep)) {
          seen.add(dep);
          stack.push(dep);
        }
      }
    }
  }

  // The signed-in screens (and the sign-in test page), and what only they load lazily.
  const signedIn = new Set([
    ...ids
      .filter((id) => SIGNED_IN_REGISTRIES.some((registry) => id.endsWith(registry)))
      .flatMap((id) => getModuleInfo(id)?.dynamicallyImportedIds ?? []),
    ...ids.filter((id) => WITH_SIGNED_IN.some((module) => id.endsWith(module))),
  ]);
  const onlySignedIn = (id: string) => {
    const reaching = rootsOf.get(id);
    return reaching !== undefined && reaching.size > 0 && [...reaching].every((root) => signedIn.has(root));
  };
  for (let grew = true; grew; ) {
    grew = false;
    for (const root of roots) {
      const importers = getModuleInfo(root)?.dynamicImporters ?? [];
      if (!signedIn.has(root) && importers.length > 0 && importers.every(onlySignedIn)) {
        signedIn.add(root);
        grew = true;
      }
    }
  }

  // Which icon module each name of lucide's index stands for.
  const index = ids.find((id) => id.endsWith(LUCIDE_INDEX));
  const iconOfName = new Map<string, string>();
  const indexCode = index ? (getModuleInfo(index)?.code ?? "") : "";
  for (const [, names, from] of indexCode.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const file = path.resolve(path.dirname(index as string), from as string);
    for (const name of (names as string).split(",")) {
      const exported = name
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (exported) iconOfName.set(exported, file);
    }
  }

  // Who uses each icon.
  const usersOf = new Map<string, string[]>();
  for (const id of own) {
    const code = getModuleInfo(id)?.code ?? "";
    for (const [, names] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)) {
      for (const name of (names as string).split(",")) {
        const imported = name.split(/\s+as\s+/)[0]?.trim();
        const icon = imported ? iconOfName.get(imported) : undefined;
        if (icon) usersOf.set(icon, [...(usersOf.get(icon) ?? []), id]);
      }
    }
  }

  const plan = new Map<string, string>();
  for (const id of ids) {
    if (!LUCIDE_ICON.test(id)) continue;
    const users = usersOf.get(id) ?? [];
    plan.set(id, users.length > 0 && users.every(onlySignedIn) ? "signed-in-icons" : "icons");
  }
  return plan;
}
