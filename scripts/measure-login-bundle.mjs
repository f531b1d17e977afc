// Prints the gzipped JavaScript a first visit to /login downloads: every script and modulepreload
// that the served HTML names. With --check, fails when it is over the 100 KB budget.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 100 * 1024;
const distDir = path.resolve("dist/client");
// The server answers /login with this same file.
const html = readFileSync(path.join(distDir, "index.html"), "utf8");

const urls = new Set();
for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(match[1]);
for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g))
  urls.add(match[1]);
for (const match of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g))
  urls.add(match[1]);

let total = 0;
for (const url of urls) {
  const bytes = readFileSync(path.join(distDir, url.replace(/^\//, "")));
  const gzipped = gzipSync(bytes).length;
  total += gzipped;
  console.log(`${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${url}`);
}
console.log(`first-load JavaScript of /login: ${(total / 1024).toFixed(1)} KB gzipped (budget 100 KB)`);
if (process.argv.includes("--check") && total > BUDGET_BYTES) {
  console.error("Over budget: split more of the app out of the entry chunk.");
  process.exit(1);
}
