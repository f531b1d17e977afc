/**
 * The checks keep the boundaries. scripts/checks/check-layers.mjs resolves every import under src/ and
 * refuses one that goes the wrong way between layers, at any depth, a loop of features and a circle
 * of files (type-only imports count); Biome refuses an import cycle and
 * a file name that is not kebab-case. Checked on scratch trees laid out like src/, so a new feature
 * folder, or one nested deeper, is covered without editing any configuration.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkLayers as checkLayersIn } from "../../../scripts/checks/check-layers.mjs";

const root = path.resolve(import.meta.dirname, "../../..");
const biome = path.join(root, "node_modules/.bin/biome");
const checker = path.join(root, "scripts/checks/check-layers.mjs");

let scratch: string;

beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "portal-lint-"));
  copyFileSync(path.join(root, "biome.json"), path.join(scratch, "biome.json"));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

function write(file: string, text = "export const value = 1;\n"): string {
  const full = path.join(scratch, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
}

/** A file that imports `specifier` (written relative to it, as in the code base). */
function importer(file: string, specifier: string): string {
  return write(file, `import { value } from "${specifier}";\nexport const uses = value;\n`);
}

async function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { cwd: scratch });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

/** The check as `npm run check` runs it: a process, its exit code and what it prints. */
const checkLayers = () => run(process.execPath, [checker, scratch]);

/** The same check in this process (no TypeScript to load again): its problems as `file:line "specifier": message`. */
function problems(): string[] {
  return checkLayersIn(scratch).map(
    (p) => `${p.file}${p.line ? `:${p.line}` : ""}${p.specifier ? ` "${p.specifier}"` : ""}: ${p.message}`,
  );
}

async function lint(...files: string[]): Promise<string> {
  const { output } = await run(biome, [
    "lint",
    "--vcs-enabled=false",
    "--max-diagnostics=50",
    `--config-path=${scratch}`,
    ...files,
  ]);
  return output;
}

describe("the layer check", () => {
  it("refuses a feature that imports another feature three folders down, on either side", async () => {
    write("src/client/features/invoices/api/get-invoices.ts");
    write("src/server/features/invoices/service.ts");
    importer(
      "src/client/features/refunds/pages/list/rows/refund-row.ts",
      "../../../../invoices/api/get-invoices",
    );
    importer("src/server/features/refunds/jobs/nightly/retry/run.ts", "../../../../invoices/service");
    const { code, output } = await checkLayers();
    expect(code).toBe(1);
    expect(output).toContain(
      'src/client/features/refunds/pages/list/rows/refund-row.ts:1 "../../../../invoices/api/get-invoices": feature refunds imports feature invoices',
    );
    expect(output).toContain(
      'src/server/features/refunds/jobs/nightly/retry/run.ts:1 "../../../../invoices/service": feature refunds imports feature invoices\'s inner file: another feature is reached through its index.ts only',
    );
    expect(output).toContain("2 broken rules");
  });

  it("refuses a feature that imports another feature at the top of the folder", () => {
    write("src/server/features/invoices/service.ts");
    importer("src/server/features/refunds/routes.ts", "../invoices/service");
    expect(problems()).toEqual([
      expect.stringContaining('routes.ts:1 "../invoices/service": feature refunds imports feature invoices'),
    ]);
  });

  it("lets a server feature import another's index.ts, and refuses the same on the client", () => {
    write("src/server/features/invoices/index.ts");
    write("src/client/features/invoices/index.ts");
    importer("src/server/features/refunds/jobs/retry.ts", "../../invoices");
    importer("src/server/features/refunds/routes.ts", "../invoices/index");
    importer("src/client/features/refunds/pages/list.ts", "../../invoices");
    expect(problems()).toEqual([
      expect.stringContaining(
        'src/client/features/refunds/pages/list.ts:1 "../../invoices": feature refunds imports feature invoices',
      ),
    ]);
  });

  it("refuses features that import each other in a loop, though only through index.ts and only for types", () => {
    // No file circle: each feature's index names a file that imports nothing of the other.
    write("src/server/features/invoices/index.ts", 'export type { Invoice } from "./invoice";\n');
    write("src/server/features/invoices/invoice.ts", "export type Invoice = { cents: number };\n");
    write(
      "src/server/features/invoices/refund-invoice.ts",
      'import type { Refund } from "../refunds";\nexport type RefundInvoice = { refund: Refund };\n',
    );
    write("src/server/features/refunds/index.ts", 'export type { Refund } from "./refund";\n');
    write("src/server/features/refunds/refund.ts", "export type Refund = { cents: number };\n");
    write(
      "src/server/features/refunds/invoiced-refund.ts",
      'import type { Invoice } from "../invoices";\nexport type InvoicedRefund = { invoice: Invoice };\n',
    );
    expect(problems()).toEqual([
      "src/server/features/invoices: features in a loop: invoices, refunds import each other (type-only imports count too); one of them must stop",
    ]);
  });

  it("refuses a circle of files that import each other only for types", () => {
    write(
      "src/server/platform/db/client.ts",
      'import type { Database } from "./database";\nexport type Client = Database;\n',
    );
    write(
      "src/server/platform/db/database.ts",
      'import type { Client } from "./client";\nexport type Database = { client?: Client };\n',
    );
    expect(problems()).toEqual([
      "src/server/platform/db/client.ts: import circle: server/platform/db/client.ts -> server/platform/db/database.ts import each other; move what they share to a file of its own",
    ]);
  });

  it("keeps dev/ above the features: it reaches them through index.ts, and nothing below imports it", () => {
    write("src/server/features/shop/index.ts");
    write("src/server/features/shop/checkout-service.ts");
    write("src/server/dev/test-payments.ts");
    importer("src/server/dev/test-checkout-routes.ts", "../features/shop");
    importer("src/server/dev/test-invoice-routes.ts", "../features/shop/checkout-service");
    importer("src/server/features/shop/routes.ts", "../../dev/test-payments");
    importer("src/server/platform/http/errors.ts", "../../dev/test-payments");
    importer("src/server/app.ts", "./dev/test-payments");
    expect(problems().sort()).toEqual([
      expect.stringContaining(
        'src/server/dev/test-invoice-routes.ts:1 "../features/shop/checkout-service": dev/ imports feature shop\'s inner file',
      ),
      expect.stringContaining('src/server/features/shop/routes.ts:1 "../../dev/test-payments": imports dev/'),
      expect.stringContaining('src/server/platform/http/errors.ts:1 "../../dev/test-payments": imports dev/'),
    ]);
  });

  it.each([
    {
      rule: "a client feature imports app/",
      target: "src/client/app/layout/app-shell.ts",
      file: "src/client/features/refunds/components/deep/refund-card.ts",
      specifier: "../../../../app/layout/app-shell",
      message: "a client feature imports app/",
    },
    {
      rule: "client lib/ imports a feature",
      target: "src/client/features/refunds/api/get-refunds.ts",
      file: "src/client/lib/query/keys.ts",
      specifier: "../../features/refunds/api/get-refunds",
      message: "client lib/ or components/ imports a feature",
    },
    {
      rule: "client components/ imports a feature",
      target: "src/client/features/refunds/api/get-refunds.ts",
      file: "src/client/components/ui/refund-badge.ts",
      specifier: "../../features/refunds/api/get-refunds",
      message: "client lib/ or components/ imports a feature",
    },
    {
      rule: "the server's platform imports a feature",
      target: "src/server/features/refunds/service.ts",
      file: "src/server/platform/http/deep/refund-errors.ts",
      specifier: "../../../features/refunds/service",
      message: "the server's platform imports a feature",
    },
    {
      rule: "an adapter imports a feature",
      target: "src/server/features/refunds/service.ts",
      file: "src/server/platform/adapters/payments/refunds.ts",
      specifier: "../../../features/refunds/service",
      message: "the server's platform imports a feature",
    },
    {
      rule: "shared/ imports the client",
      target: "src/client/lib/api-client.ts",
      file: "src/shared/api/refunds.ts",
      specifier: "../../client/lib/api-client",
      message: "shared/ imports the client",
    },
    {
      rule: "shared/ imports the server",
      target: "src/server/platform/db/schema.ts",
      file: "src/shared/refunds.ts",
      specifier: "../server/platform/db/schema",
      message: "shared/ imports the server",
    },
    {
      rule: "the client imports the server",
      target: "src/server/platform/config.ts",
      file: "src/client/features/refunds/api/get-refunds.ts",
      specifier: "../../../../server/platform/config",
      message: "the client imports the server",
    },
    {
      rule: "the server imports the client",
      target: "src/client/lib/format.ts",
      file: "src/server/features/refunds/service.ts",
      specifier: "../../../client/lib/format",
      message: "the server imports the client",
    },
  ])("refuses: $rule", ({ target, file, specifier, message }) => {
    write(target);
    importer(file, specifier);
    const found = problems();
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(`${file}:1 "${specifier}": ${message}`);
  });

  it("lets each layer import what lies below it, and the wiring import features", async () => {
    write("src/shared/api/refunds.ts");
    write("src/client/lib/api-client.ts");
    write("src/client/components/ui/button.tsx");
    write("src/client/features/refunds/api/get-refunds.ts");
    write("src/server/platform/db/schema.ts");
    write("src/server/features/refunds/service.ts");
    write("src/server/features/refunds/jobs/deep/retry.ts");
    importer(
      "src/client/features/refunds/pages/deep/down/refunds-list.ts",
      "../../../../../../shared/api/refunds",
    );
    importer("src/client/features/refunds/pages/deep/down/refund-row.ts", "../../../../../lib/api-client");
    importer("src/client/features/refunds/pages/deep/down/refund-cell.ts", "../../../api/get-refunds");
    importer("src/client/features/refunds/pages/refund-button.ts", "../../../components/ui/button");
    importer("src/client/app/routes/refunds.ts", "../../features/refunds/api/get-refunds");
    importer("src/client/components/ui/refund-badge.ts", "../../lib/api-client");
    importer("src/server/features/refunds/routes.ts", "../../platform/db/schema");
    importer("src/server/features/refunds/jobs/deep/run.ts", "./retry");
    importer("src/server/app.ts", "./features/refunds/service");
    importer("src/server/demo-data.ts", "./features/refunds/service");
    importer("src/server/platform/http/errors.ts", "../../../shared/api/refunds");
    expect(problems()).toEqual([]);
  });

  it("keeps the server's layout: the wiring at its top, everything else in platform/, features/<name>/ or dev/", () => {
    write("src/server/app.ts");
    write("src/server/platform/cache.ts");
    write("src/server/dev/test-checkout.ts");
    write("src/server/cache.ts");
    write("src/server/ledger/amounts.ts");
    write("src/server/features/amounts.ts");
    expect(problems().sort()).toEqual([
      expect.stringContaining("src/server/cache.ts: the server's top holds only the wiring"),
      "src/server/features/amounts.ts: a feature's files live in its own folder, features/<name>/",
      expect.stringContaining(
        "src/server/ledger/amounts.ts: server/ledger/ is not one of the server's folders",
      ),
    ]);
  });

  it("refuses a folder name that is not kebab-case", () => {
    write("src/client/features/bulkRefunds/api/get-refunds.ts");
    expect(problems()).toEqual(["src/client/features/bulkRefunds: folder name is not kebab-case"]);
  });
});

describe("the linter", () => {
  it("refuses an import cycle", async () => {
    const a = write(
      "src/client/lib/cycle-a.ts",
      'import { b } from "./cycle-b";\nexport const a = () => b;\n',
    );
    const b = write(
      "src/client/lib/cycle-b.ts",
      'import { a } from "./cycle-a";\nexport const b = () => a;\n',
    );
    const output = await lint(a, b);
    expect(output).toContain("lint/suspicious/noImportCycles");
  });

  it("refuses a file name that is not kebab-case, and takes one that is", async () => {
    const wrong = write("src/client/lib/apiClient.ts");
    const right = write("src/client/lib/api-client.ts");
    const output = await lint(wrong, right);
    expect(output).toContain("lint/style/useFilenamingConvention");
    expect(output).toContain("apiClient.ts");
    expect(output).not.toMatch(/api-client\.ts.*useFilenamingConvention/);
    expect(output).toMatch(/Found 1 error/);
  });
});
