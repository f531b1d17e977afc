#!/usr/bin/env node
/**
 * The message catalogues hold exactly the messages the code uses, German translates every one, and
 * the compiled catalogues are those of the .po files (decision 051). Extracts and compiles in place,
 * then fails when that changed a file: a message the code uses that a catalogue misses, one
 * a catalogue keeps that the code no longer uses, or a compiled catalogue out of date. `lingui compile
 * --strict` itself fails on a message German leaves untranslated.
 *
 *   node scripts/check-catalogues.mjs     (run by npm run check)
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const LOCALES = "src/shared/i18n/locales";
const run = (command, args) =>
  execFileSync(command, args, { stdio: ["ignore", "pipe", "inherit"] }).toString();

/** Every catalogue file's text, by path. */
function snapshot() {
  const files = new Map();
  for (const entry of readdirSync(LOCALES, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(file, readFileSync(file, "utf8"));
  }
  return files;
}

/**
 * The ids of the messages the server's code asks for (`i18n._({ id: "…" })`), however the call is
 * spelled: the extractor reads only calls on a variable named `i18n`, and a message it missed would
 * silently stay English.
 */
function idsAskedFor(folder) {
  const ids = new Set();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.includes(".test.")) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const match of text.matchAll(/\._\(\s*\{\s*id:\s*"([^"]+)"/g)) ids.add(match[1]);
  }
  return ids;
}

const before = snapshot();
try {
  run("npx", ["lingui", "extract", "--clean"]);
  run("npx", ["lingui", "compile", "--strict"]);
} catch {
  console.error("check-catalogues: a German message is missing (see above); translate it in the .po file");
  process.exit(1);
}
const after = snapshot();
const catalogued = new Set(
  [...readFileSync(path.join(LOCALES, "en", "mails.po"), "utf8").matchAll(/^msgid "(.+)"$/gm)].map(
    (m) => m[1],
  ),
);
const unextracted = [...idsAskedFor("src/server")].filter((id) => !catalogued.has(id));
if (unextracted.length > 0) {
  console.error(
    `check-catalogues: messages the code asks for that extraction did not find (call them as i18n._(…)): ${unextracted.join(", ")}`,
  );
  process.exit(1);
}
const changed = [...new Set([...before.keys(), ...after.keys()])]
  .filter((file) => before.get(file) !== after.get(file))
  .join("\n");
if (changed) {
  console.error(
    `check-catalogues: the catalogues did not match the code; extracted and compiled again:\n${changed}\nReview and commit them (translate any new German message).`,
  );
  process.exit(1);
}
console.log("check-catalogues: every message the code uses is in both catalogues, translated and compiled");
