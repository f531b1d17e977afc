/**
 * Decision 013: the build puts lucide's icons into two chunks, `signed-in-icons` for those only the
 * signed-in screens use and `icons` for the rest, reading who uses which icon from the modules' own
 * imports. Checked on a small module graph laid out like the app's.
 */
import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { iconChunks } from "../../../scripts/build/icon-chunks";

const root = "/app";
const lucide = `${root}/node_modules/lucide-react/dist/esm`;

type Module = {
  code?: string;
  imports?: string[];
  lazyImports?: string[];
  isEntry?: boolean;
};

function graph(modules: Record<string, Module>): Rollup.ManualChunkMeta {
  const dynamicImporters = (id: string) =>
    Object.entries(modules)
      .filter(([, module]) => module.lazyImports?.includes(id))
      .map(([importer]) => importer);
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) => {
      const module = modules[id];
      if (!module) return null;
      return {
        id,
        code: module.code ?? "",
        importedIds: module.imports ?? [],
        dynamicallyImportedIds: module.lazyImports ?? [],
        dynamicImporters: dynamicImporters(id),
        isEntry: module.isEntry ?? false,
      } as unknown as Rollup.ModuleInfo;
    },
  };
}

const index = `${lucide}/lucide-react.mjs`;
const eye = `${lucide}/icons/eye.mjs`;
const users = `${lucide}/icons/users.mjs`;
const receipt = `${lucide}/icons/receipt.mjs`;
const orphan = `${lucide}/icons/orphan.mjs`;
const logOut = `${lucide}/icons/log-out.mjs`;
const createIcon = `${lucide}/createLucideIcon.mjs`;

const src = `${root}/src/client`;
const modules: Record<string, Module> = {
  [`${src}/main.tsx`]: {
    isEntry: true,
    imports: [`${src}/app/routes/signed-in-screens.ts`, `${src}/app/routes/signed-out-screens.ts`],
  },
  [`${src}/app/routes/signed-in-screens.ts`]: {
    lazyImports: [`${src}/features/accounts/page.tsx`, `${src}/features/billing/page.tsx`],
  },
  [`${src}/app/routes/signed-out-screens.ts`]: {
    lazyImports: [`${src}/features/auth/login-page.tsx`, `${src}/features/auth/pages/login-test-page.tsx`],
  },
  [`${src}/features/accounts/page.tsx`]: {
    code: 'import { Users, Eye as Shown } from "lucide-react";\nimport { Button } from "../../ui/button";',
    imports: [index, `${src}/ui/button.tsx`],
    lazyImports: [`${src}/features/accounts/export-dialog.tsx`],
  },
  [`${src}/features/accounts/export-dialog.tsx`]: {
    code: 'import { ReceiptIcon } from "lucide-react";',
    imports: [index],
  },
  [`${src}/features/billing/page.tsx`]: {
    code: 'import { Users, LogOut } from "lucide-react";',
    imports: [index],
  },
  [`${src}/features/auth/pages/login-test-page.tsx`]: {
    code: 'import { LogOut, Eye } from "lucide-react";',
    imports: [index],
  },
  [`${src}/features/auth/login-page.tsx`]: {
    code: 'import { Button } from "../../ui/button";',
    imports: [`${src}/ui/button.tsx`],
  },
  [`${src}/ui/button.tsx`]: { code: 'import { Eye } from "lucide-react";', imports: [index] },
  [index]: {
    code: [
      "export { default as Eye, default as EyeIcon } from './icons/eye.mjs';",
      "export { default as Users, default as UsersIcon } from './icons/users.mjs';",
      "export { default as Receipt, default as ReceiptIcon } from './icons/receipt.mjs';",
      "export { default as Orphan } from './icons/orphan.mjs';",
      "export { default as LogOut } from './icons/log-out.mjs';",
    ].join("\n"),
    imports: [eye, users, receipt, orphan, logOut],
  },
  [eye]: { imports: [createIcon] },
  [users]: { imports: [createIcon] },
  [receipt]: { imports: [createIcon] },
  [orphan]: { imports: [createIcon] },
  [logOut]: { imports: [createIcon] },
  [createIcon]: {},
};

describe("iconChunks", () => {
  const chunkOf = (id: string) => iconChunks()(id, graph(modules));

  it("puts an icon that only signed-in screens use into signed-in-icons", () => {
    expect(chunkOf(users)).toBe("signed-in-icons");
  });

  it("counts what a signed-in screen loads lazily as signed-in, under any of the icon's names", () => {
    expect(chunkOf(receipt)).toBe("signed-in-icons");
  });

  it("keeps an icon that a signed-out screen also uses, through a shared component, in icons", () => {
    expect(chunkOf(eye)).toBe("icons");
  });

  it("counts the sign-in test page, which no visitor's first screen is, with the signed-in screens", () => {
    expect(chunkOf(logOut)).toBe("signed-in-icons");
    expect(chunkOf(eye)).toBe("icons");
  });

  it("keeps lucide's own code, and an icon no one imports by name, in icons", () => {
    expect(chunkOf(createIcon)).toBe("icons");
    expect(chunkOf(orphan)).toBe("icons");
  });

  it("leaves every other module to the default chunking", () => {
    expect(chunkOf(`${src}/ui/button.tsx`)).toBeNull();
  });
});
