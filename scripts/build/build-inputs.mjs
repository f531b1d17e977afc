// The inputs of `npm run build`, hashed by content: every file under src/ and scripts/, the build's
// configuration, the lock file, and the Node.js version. A content hash, not timestamps: a fresh
// clone, a checkout or a touched file with unchanged content gives the same hash.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const INPUT_DIRS = ["src", "scripts"];
const INPUT_FILES = [
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "lingui.config.ts",
  "tsconfig.json",
];

function* filesUnder(root, dir) {
  let entries;
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* filesUnder(root, relative);
    else if (entry.isFile()) yield relative;
  }
}

/** The hex SHA-256 of the build's inputs in the project at `root`. */
export function buildInputsHash(root = ".") {
  const files = [...INPUT_DIRS.flatMap((dir) => [...filesUnder(root, dir)]), ...INPUT_FILES].sort();
  const hash = createHash("sha256").update(`node ${process.version}\n`);
  for (const file of files) {
    let bytes;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      bytes = undefined;
    }
    // Each file's name and length go in before its bytes, so that no two sets of files hash alike.
    hash.update(`${file}\n${bytes ? bytes.length : "absent"}\n`);
    if (bytes) hash.update(bytes);
  }
  return hash.digest("hex");
}
