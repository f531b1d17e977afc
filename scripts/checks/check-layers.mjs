#!/usr/bin/env node
/**
 * Keeps the layers one way, at any depth. Every relative import of every source file under src/ is
 * resolved to the file it names, and both ends are placed in a layer by their path, so a file five
 * folders down a feature is held to the same rules as one at its top (Biome's noRestrictedImports
 * only sees the specifier's text, which changes with depth). A server feature reaches another only
 * through its index.ts, and the features' imports of each other run one way; no files import each
 * other in a circle, type-only imports included. Folder and file names under src/ must be kebab-case
 * (but for drizzle-kit's migrations). The rules are in docs/architecture.md.
 *
 *   node scripts/checks/check-layers.mjs [root]     (root defaults to the repository; src/ is read below it)
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

/** The server files that wire features together: they may import any feature's files. */
const SERVER_WIRING = new Set([
  "server/housekeeping.ts",
  "server/app.ts",
  "server/start.ts",
  "server/main.ts",
  "server/demo-data.ts",
]);

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
    if (second === "features" && third && parts.length > 3) {
      return { side, layer: "feature", feature: third, face: parts.length === 4 && parts[3] === "index.ts" };
    }
    if (second === "dev") return { side, layer: "dev" };
    if (SERVER_WIRING.has(rel)) return { side, layer: "wiring" };
    return { side, layer: "platform" };
  }
  return { side: "other", layer: "other" };
}

/** The server's own folders: everything else at its top is one of the wiring's files. */
const SERVER_FOLDERS = new Set(["platform", "features", "dev"]);

/** Why a server file sits where no file of the server belongs, or null. */
function misplacedOnServer(rel) {
  const parts = rel.split("/");
  if (parts[0] !== "server") return null;
  if (parts.length === 2) {
    return SERVER_WIRING.has(rel)
      ? null
      : "the server's top holds only the wiring (app.ts, start.ts, main.ts, demo-data.ts, housekeeping.ts): infrastructure goes in platform/";
  }
  if (!SERVER_FOLDERS.has(parts[1] ?? "")) {
    return `server/${parts[1]}/ is not one of the server's folders: platform/ (infrastructure), features/<name>/ or dev/`;
  }
  if (parts[1] === "features" && parts.length === 3)
    return "a feature's files live in its own folder, features/<name>/";
  return null;
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
    if (a.side === "client") {
      return `feature ${a.feature} imports feature ${b.feature}: a client feature imports shared/, the platform and its own files, never another feature's`;
    }
    if (!b.face) {
      return `feature ${a.feature} imports feature ${b.feature}'s inner file: another feature is reached through its index.ts only`;
    }
  }
  if (a.side === "server" && a.layer === "dev" && b.layer === "feature" && !b.face) {
    return `dev/ imports feature ${b.feature}'s inner file: a feature is reached through its index.ts only`;
  }
  if (a.side === "server" && (a.layer === "feature" || a.layer === "platform") && b.layer === "dev") {
    return "imports dev/: what only a development portal has is wired in by app.ts, never imported below it";
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
    return "the server's platform imports a feature: only the wiring (the files at the server's top) and dev/ wire features";
  }
  if (a.side === "server" && a.layer === "feature" && b.layer === "wiring") {
    return "a server feature imports the wiring (the files at the server's top)";
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
  /** Every resolved import inside src/, type-only ones too: file -> files (relative to src/). */
  const edges = new Map();
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
    const rel = path.relative(src, file).split(path.sep).join("/");
    const misplaced = misplacedOnServer(rel);
    if (misplaced)
      problems.push({ file: path.relative(root, file), line: 0, specifier: "", message: misplaced });
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
      if (known.has(target)) {
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from).add(to);
      }
      const message = ruleBroken(from, to.startsWith("..") ? `../${to}` : to);
      if (message) {
        const line = text.slice(0, ref.pos).split("\n").length;
        problems.push({ file: path.relative(root, file), line, specifier: ref.fileName, message });
      }
    }
  }
  problems.push(...circles(edges));
  return problems;
}

/**
 * The strongly connected groups of a graph (Tarjan's algorithm): each group of two or more nodes,
 * or one that names itself, is a circle. Iterative, so that a deep chain does not exhaust the stack.
 */
function stronglyConnected(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const groups = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])], 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const target = targets[frame[2]++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(graph.get(target) ?? [])], 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1 || graph.get(node)?.has(node)) groups.push(group.sort());
      }
    }
  }
  return groups;
}

/**
 * Circles, type-only imports included (a type-only circle still ties the files' meaning together):
 * between files anywhere under src/, and between the server's features, whose imports of each other
 * (through index.ts) must run one way.
 */
function circles(edges) {
  const problems = [];
  for (const group of stronglyConnected(edges)) {
    problems.push({
      file: `src/${group[0]}`,
      line: 0,
      specifier: "",
      message: `import circle: ${group.join(" -> ")} import each other; move what they share to a file of its own`,
    });
  }
  const features = new Map();
  for (const [from, targets] of edges) {
    const a = placeOf(from);
    if (a.side !== "server" || a.layer !== "feature") continue;
    for (const to of targets) {
      const b = placeOf(to);
      if (b.layer !== "feature" || b.side !== "server" || b.feature === a.feature) continue;
      if (!features.has(a.feature)) features.set(a.feature, new Set());
      features.get(a.feature).add(b.feature);
    }
  }
  for (const group of stronglyConnected(features)) {
    problems.push({
      file: `src/server/features/${group[0]}`,
      line: 0,
      specifier: "",
      message: `features in a loop: ${group.join(", ")} import each other (type-only imports count too); one of them must stop`,
    });
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "../.."),
  );
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
