// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the built client, so
// that the server sends them as they are instead of compressing while the browser waits (decision
// 013). A copy that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|map|webmanifest)$/;
const root = path.resolve(process.argv[2] ?? "dist/client");

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let before = 0;
let afterBrotli = 0;
for (const file of files(root)) {
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size,
    },
  });
  const gz = gzipSync(bytes, { level: 9 });
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  before += bytes.length;
  afterBrotli += Math.min(br.length, bytes.length);
}
console.log(
  `precompressed ${path.relative(process.cwd(), root)}: ${(before / 1024).toFixed(0)} KB, ${(afterBrotli / 1024).toFixed(0)} KB as brotli`,
);
