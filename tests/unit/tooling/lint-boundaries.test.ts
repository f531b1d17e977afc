/**
 * The linter keeps the boundaries: a feature importing another feature, or an import cycle, fails
 * `biome lint` with the project's own configuration. Checked on scratch files in a folder of their
 * own, laid out like src/, so that a new feature folder is covered without editing the config.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const biome = path.join(root, "node_modules/.bin/biome");

let scratch: string;

function write(file: string, text: string): string {
  const full = path.join(scratch, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  return full;
}

async function lint(...files: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      biome,
      ["lint", "--vcs-enabled=false", "--max-diagnostics=50", `--config-path=${scratch}`, ...files],
      { cwd: scratch },
    );
    return stdout + stderr;
  } catch (err) {
    const failed = err as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
  }
}

describe("the linter's boundaries", () => {
  beforeAll(() => {
    scratch = mkdtempSync(path.join(tmpdir(), "portal-lint-"));
    copyFileSync(path.join(root, "biome.json"), path.join(scratch, "biome.json"));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("refuses a feature that imports another feature, on either side, at any depth", async () => {
    write("src/client/features/invoices/api/get-invoices.ts", "export const invoices = 1;\n");
    write("src/server/features/invoices/service.ts", "export const invoiceService = 1;\n");
    const files = [
      write(
        "src/client/features/refunds/pages/refunds-page.ts",
        'import { invoices } from "../../invoices/api/get-invoices";\nexport const page = invoices;\n',
      ),
      write(
        "src/server/features/refunds/routes.ts",
        'import { invoiceService } from "../invoices/service";\nexport const routes = invoiceService;\n',
      ),
    ];
    const output = await lint(...files);
    expect(output.match(/lint\/style\/noRestrictedImports/g)).toHaveLength(2);
    expect(output).toContain("never another feature's");
  });

  it("lets a feature import its own files, shared/ and the platform", async () => {
    write("src/shared/api/refunds.ts", "export const refundSchema = 1;\n");
    write("src/client/lib/api-client.ts", "export const getJson = 1;\n");
    write("src/client/features/refunds/api/get-refunds.ts", "export const refunds = 1;\n");
    const page = write(
      "src/client/features/refunds/pages/refunds-list.ts",
      [
        'import { refundSchema } from "../../../../shared/api/refunds";',
        'import { getJson } from "../../../lib/api-client";',
        'import { refunds } from "../api/get-refunds";',
        "export const list = [refundSchema, getJson, refunds];",
        "",
      ].join("\n"),
    );
    const output = await lint(page);
    expect(output).not.toContain("noRestrictedImports");
    expect(output).toMatch(/Checked 1 file/);
  });

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
});
