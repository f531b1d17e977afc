#!/usr/bin/env node
/**
 * The message catalogues hold exactly the messages the code uses, German translates every one, and
 * the compiled catalogues are those of the .po files (decision 051). Extracts and compiles in place,
 * then fails when that changed a file: a message the code uses that a catalogue misses, one
 * a catalogue keeps that the code no longer uses, or a compiled catalogue out of date. `lingui compile
 * --strict` itself fails on a message German leaves untranslated.
 *
 *   node scripts/checks/check-catalogues.mjs     (run by npm run check)
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
 * The ids of the messages the server's code asks for, however the call is spelled: `i18n._({ id: "…" })`
 * and every message descriptor (`{ id: "…", message: … }`, which the code writes as
 * `/*i18n*\/ { id, message }`). The extractor reads only calls on a variable named `i18n` and
 * objects with that comment, and a message it missed would silently stay English.
 */
function idsAskedFor(folder) {
  const ids = new Set();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.includes(".test.")) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const match of text.matchAll(/\._\(\s*\{\s*id:\s*"([^"]+)"/g)) ids.add(match[1]);
    for (const match of text.matchAll(/\{\s*id:\s*"([^"]+)",\s*message:/g)) ids.add(match[1]);
  }
  return ids;
}

/**
 * The literal messages of the schemas in src/shared/api (`.min(1, "Required")`, `{ error: "…" }`,
 * `message: "…"`): the server answers with them, so its catalogue must hold each one's English text
 * (src/server/platform/i18n/shared-texts.ts). Texts built with `${…}` are matched there by a pattern instead.
 */
function schemaMessages(folder) {
  const texts = new Set();
  const patterns = [
    /\b(?:error|message):\s*"((?:[^"\\]|\\.)+)"/g,
    /\.(?:min|max|length|int|positive|regex|email|refine)\((?:[^()"]|\([^()]*\))*?,\s*"((?:[^"\\]|\\.)+)"\s*\)/g,
    /\bz\.email\(\s*"((?:[^"\\]|\\.)+)"\s*\)/g,
    /\bexport const [A-Z_]+_MESSAGE\s*=\s*"((?:[^"\\]|\\.)+)"/g,
  ];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
    const text = readFileSync(path.join(folder, entry.name), "utf8");
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) texts.add(match[1]);
  }
  return texts;
}

const before = snapshot();
try {
  run("npx", ["lingui", "extract", "--clean", "--overwrite"]);
  run("npx", ["lingui", "compile", "--strict"]);
} catch {
  console.error("check-catalogues: a German message is missing (see above); translate it in the .po file");
  process.exit(1);
}
const after = snapshot();
const englishPo = readFileSync(path.join(LOCALES, "en", "server.po"), "utf8");
const catalogued = new Set([...englishPo.matchAll(/^msgid "(.+)"$/gm)].map((m) => m[1]));
const unextracted = [...idsAskedFor("src/server")].filter((id) => !catalogued.has(id));
if (unextracted.length > 0) {
  console.error(
    `check-catalogues: messages the code asks for that extraction did not find (call them as i18n._(…) or mark the descriptor /*i18n*/): ${unextracted.join(", ")}`,
  );
  process.exit(1);
}
const english = new Set([...englishPo.matchAll(/^msgstr "(.+)"$/gm)].map((m) => m[1]));
const unknownSchemaTexts = [...schemaMessages("src/shared/api")].filter((text) => !english.has(text));
if (unknownSchemaTexts.length > 0) {
  console.error(
    `check-catalogues: schema messages in src/shared/api that the server's catalogue lacks (add them to src/server/platform/i18n/shared-texts.ts): ${unknownSchemaTexts.join(" | ")}`,
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
