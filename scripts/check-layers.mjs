#!/usr/bin/env node
/**
 * Keeps the layers one way, at any depth. Every relative import of every source file under src/ is
 * resolved to the file it names, and both ends are placed in a layer by their path, so a file five
 * folders down a feature is held to the same rules as one at its top (Biome's noRestrictedImports
 * only sees the specifier's text, which changes with depth). Folder and file names under src/ must
 * be kebab-case (but for drizzle-kit's migrations).
 *
 *   node scripts/check-layers.mjs [root]     (root defaults to the repository; src/ is read below it)
 *
 * Prints one line per broken rule and exits 1 when there is any.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** A file's name: kebab-case words, then its extensions (`session-store.test.ts`, `index.html`). */
const KEBAB_FILE = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

/** The server files that wire features together: they may import any feature. */
const SERVER_WIRING = new Set(["server/app.ts", "server/start.ts", "server/demo-data.ts"]);

/**
 * Where a file sits: its side (shared, client, server), its layer on that side, and for a feature
 * file the feature's name. `rel` is relative to src/, with forward slashes.
 */
export function placeOf(rel) {
  const parts = rel.split("/");
  const [side, second, third] = parts;
  if (side === "shared") return { side, layer: "shared" };
  if (side === "client") {
    if (second === "features" && third && parts.length > 3) return { side, layer: "feature", feature: third };
    if (second === "app") return { side, layer: "app" };
    if (second === "lib" || second === "components") return { side, layer: "platform" };
    return { side, layer: "entry" };
  }
  if (side === "server") {
    if (second === "features" && third && parts.length > 3) return { side, layer: "feature", feature: third };
    if (SERVER_WIRING.has(rel)) return { side, layer: "wiring" };
    return { side, layer: "platform" };
  }
  return { side: "other", layer: "other" };
}

/** Why an import from `from` to `to` (both relative to src/) breaks a rule, or null when it keeps them. */
export function ruleBroken(from, to) {
  const a = placeOf(from);
  const b = placeOf(to);
  if (b.side === "other") return "imports a file outside src/";
  if (a.side === "shared" && b.side !== "shared")
    return `shared/ imports the ${b.side}: shared/ stands alone`;
  if (a.side === "client" && b.side === "server") return "the client imports the server";
  if (a.side === "server" && b.side === "client") return "the server imports the client";
  if (a.layer === "feature" && b.layer === "feature" && a.side === b.side && a.feature !== b.feature) {
    return `feature ${a.feature} imports feature ${b.feature}: a feature imports shared/, the platform and its own files, never another feature's; move what two features need down a level`;
  }
  if (a.side === "client" && a.layer === "feature" && b.layer === "app") {
    return "a client feature imports app/: the app wires features, not the other way";
  }
  if (a.side === "client" && a.layer === "platform" && b.layer === "feature") {
    return "client lib/ or components/ imports a feature: the platform sits below the features";
  }
  if (a.side === "client" && a.layer === "platform" && b.layer === "app") {
    return "client lib/ or components/ imports app/: the platform sits below the app";
  }
  if (a.side === "server" && a.layer === "platform" && b.layer === "feature") {
    return "the server's platform imports a feature: only app.ts, start.ts and demo-data.ts wire features";
  }
  if (a.side === "server" && a.layer === "feature" && b.layer === "wiring") {
    return "a server feature imports the wiring (app.ts, start.ts, demo-data.ts)";
  }
  return null;
}

function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // drizzle-kit names the migrations (0001_name.sql, meta/_journal.json)
      if (entry.name === "migrations") continue;
      out.dirs.push(full);
      walk(full, out);
    } else out.files.push(full);
  }
  return out;
}

/** The file a relative specifier names, tried as written, with each source extension, then as a folder's index. */
function resolve(fromFile, specifier, known) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const tries = [base];
  for (const ext of [".ts", ".tsx", ".mts", ".js", ".mjs", ".jsx", ".json"]) tries.push(base + ext);
  // `./x.js` written for `./x.ts`
  if (/\.(m?js|jsx)$/.test(base))
    tries.push(base.replace(/\.(m?js|jsx)$/, ".ts"), base.replace(/\.(m?js|jsx)$/, ".tsx"));
  for (const ext of [".ts", ".tsx", ".js"]) tries.push(path.join(base, `index${ext}`));
  return tries.find((file) => known.has(file)) ?? base;
}

/** Every broken rule under `root`/src, as `{ file, line, specifier, message }`. */
export function checkLayers(root) {
  const src = path.join(root, "src");
  const { files, dirs } = walk(src, { files: [], dirs: [] });
  const known = new Set(files);
  const problems = [];
  for (const dir of dirs) {
    const name = path.basename(dir);
    if (!KEBAB.test(name)) {
      problems.push({
        file: path.relative(root, dir),
        line: 0,
        specifier: "",
        message: "folder name is not kebab-case",
      });
    }
  }
  for (const file of files) {
    const name = path.basename(file);
    if (!KEBAB_FILE.test(name)) {
      problems.push({
        file: path.relative(root, file),
        line: 0,
        specifier: "",
        message: "file name is not kebab-case",
      });
    }
    if (!SOURCE.test(file)) continue;
    const text = readFileSync(file, "utf8");
    const info = ts.preProcessFile(text, true, true);
    const from = path.relative(src, file).split(path.sep).join("/");
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith(".")) continue;
      const target = resolve(file, ref.fileName, known);
      const to = path.relative(src, target).split(path.sep).join("/");
      const message = ruleBroken(from, to.startsWith("..") ? `../${to}` : to);
      if (message) {
        const line = text.slice(0, ref.pos).split("\n").length;
        problems.push({ file: path.relative(root, file), line, specifier: ref.fileName, message });
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."));
  const problems = checkLayers(root);
  for (const p of problems) {
    const where = p.line ? `${p.file}:${p.line}` : p.file;
    console.error(`${where}${p.specifier ? ` "${p.specifier}"` : ""}: ${p.message}`);
  }
  if (problems.length > 0) {
    console.error(`check-layers: ${problems.length} broken rule${problems.length === 1 ? "" : "s"}`);
    process.exit(1);
  }
  console.log("check-layers: the layers hold");
}
