#!/usr/bin/env node
/**
 * Finds dead code under src/: files that no entry reaches, and exports that no other file imports.
 * It reads the same knip.json that knip would (its `entry`, `project` and `ignore` globs), so the
 * project can move to knip itself without a new list; until then this stands in for knip's `files`,
 * `exports` and `types` reports, from the syntax alone (TypeScript's parser, no type checking):
 *
 * - a file is used when an entry reaches it through imports (static, dynamic, `export … from`, and
 *   `import("…")` types); every test, script and configuration file is an entry, as in knip;
 * - an export is used when another file imports it by name, or takes the whole module (`import * as`,
 *   a dynamic `import()`, `export *`); with knip's `ignoreExportsUsedInFile`, one that its own file
 *   uses is let be (its type or value is part of what the file offers), as knip does.
 *
 *   node scripts/check-unused.mjs [root]
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import picomatch from "picomatch";
import ts from "typescript";

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs", ".jsx"];

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".") || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") && !entry.name.endsWith(".d.mts")) {
      out.push(full);
    }
  }
  return out;
}

function resolve(fromFile, specifier, known) {
  const bare = specifier.replace(/\?.*$/, "");
  const base = bare.startsWith("/")
    ? path.join(path.dirname(fromFile), bare)
    : path.resolve(path.dirname(fromFile), bare);
  const tries = [base, ...EXTENSIONS.map((ext) => base + ext)];
  if (/\.(m?js|jsx)$/.test(base))
    tries.push(base.replace(/\.(m?js|jsx)$/, ".ts"), base.replace(/\.(m?js|jsx)$/, ".tsx"));
  tries.push(...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)));
  return tries.find((file) => known.has(file));
}

const hasModifier = (node, kind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);

function bindingNames(name, out) {
  if (ts.isIdentifier(name)) out.push(name.text);
  else
    for (const element of name.elements)
      if (!ts.isOmittedExpression(element)) bindingNames(element.name, out);
  return out;
}

/** What one file exports (name → line) and what it takes from other files (specifier → names, "*" for all). */
function readModule(file) {
  const text = readFileSync(file, "utf8");
  const kind = file.endsWith("x")
    ? ts.ScriptKind.TSX
    : file.endsWith("js")
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const exports = new Map();
  const imports = new Map();
  /** How often each name is written in the file, outside `export { … }` lists. */
  const mentions = new Map();
  const take = (specifier, name) => {
    if (!imports.has(specifier)) imports.set(specifier, new Set());
    if (name) imports.get(specifier).add(name);
  };
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      take(specifier);
      const clause = statement.importClause;
      if (clause?.name) take(specifier, "default");
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) take(specifier, "*");
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) take(specifier, (element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportDeclaration(statement)) {
      const from =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (from) take(from);
      const clause = statement.exportClause;
      if (!clause) {
        if (from) take(from, "*");
      } else if (ts.isNamespaceExport(clause)) {
        if (from) take(from, "*");
        exports.set(clause.name.text, lineOf(statement));
      } else {
        for (const element of clause.elements) {
          if (from) take(from, (element.propertyName ?? element.name).text);
          exports.set(element.name.text, lineOf(element));
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      exports.set("default", lineOf(statement));
    } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) exports.set("default", lineOf(statement));
      else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          for (const name of bindingNames(declaration.name, [])) exports.set(name, lineOf(declaration));
        }
      } else if (statement.name && ts.isIdentifier(statement.name))
        exports.set(statement.name.text, lineOf(statement));
    }
  }

  // import("…") calls and import("…") types anywhere in the file take the whole module, or the named member.
  const visit = (node) => {
    if (ts.isIdentifier(node) && !ts.isExportSpecifier(node.parent)) {
      mentions.set(node.text, (mentions.get(node.text) ?? 0) + 1);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) take(argument.text, "*");
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      const qualifier = node.qualifier;
      const first =
        qualifier &&
        (ts.isIdentifier(qualifier) ? qualifier : ts.isQualifiedName(qualifier) ? qualifier.left : null);
      take(node.argument.literal.text, first && ts.isIdentifier(first) ? first.text : "*");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { exports, imports, usedInFile: (name) => (mentions.get(name) ?? 0) > 1 };
}

/** Unused files and exports under `root`, as `{ file, line, name, kind }`, after knip.json's ignores. */
export function checkUnused(root) {
  const config = JSON.parse(readFileSync(path.join(root, "knip.json"), "utf8"));
  const relative = (file) => path.relative(root, file).split(path.sep).join("/");
  const isEntry = picomatch(config.entry ?? []);
  const isProject = picomatch(config.project ?? ["src/**"]);
  const isIgnored = picomatch(config.ignore ?? []);

  const files = walk(root);
  const known = new Set(files);
  const modules = new Map(files.map((file) => [file, readModule(file)]));

  const used = new Map(files.map((file) => [file, new Set()]));
  const edges = new Map();
  for (const [file, { imports }] of modules) {
    const targets = [];
    for (const [specifier, names] of imports) {
      if (!specifier.startsWith(".") && !specifier.startsWith("/")) continue;
      const target = resolve(file, specifier, known);
      if (!target) continue;
      targets.push(target);
      if (target !== file) for (const name of names) used.get(target).add(name);
    }
    edges.set(file, targets);
  }

  const reached = new Set();
  const queue = files.filter((file) => isEntry(relative(file)));
  for (const file of queue) {
    if (reached.has(file)) continue;
    reached.add(file);
    queue.push(...(edges.get(file) ?? []));
  }

  const findings = [];
  for (const file of files) {
    const rel = relative(file);
    if (!isProject(rel) || isIgnored(rel) || isEntry(rel)) continue;
    if (!reached.has(file)) {
      findings.push({ file: rel, line: 0, name: "", kind: "file" });
      continue;
    }
    const takes = used.get(file);
    if (takes.has("*")) continue;
    const { exports, usedInFile } = modules.get(file);
    for (const [name, line] of exports) {
      if (config.ignoreExportsUsedInFile && name !== "default" && usedInFile(name)) continue;
      if (!takes.has(name)) findings.push({ file: rel, line, name, kind: "export" });
    }
  }
  return findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const findings = checkUnused(root);
  for (const f of findings) {
    console.error(
      f.kind === "file" ? `${f.file}: unused file` : `${f.file}:${f.line}: unused export ${f.name}`,
    );
  }
  if (findings.length > 0) {
    console.error(
      `check-unused: ${findings.length} unused file${findings.length === 1 ? "" : "s"} or exports`,
    );
    process.exit(1);
  }
  console.log("check-unused: every file and export under src/ is used");
}
