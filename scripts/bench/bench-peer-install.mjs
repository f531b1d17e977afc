// The Express peer the portal is measured against (scripts/bench/peer): installed into a scratch folder the
// first time (the npm registry must be reachable), and reused while its package.json is the same.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const source = fileURLToPath(new URL("./peer", import.meta.url));

/** The peer's folder, with its package.json, its dependencies and its server.cjs. */
export function installPeer() {
  const folder = path.join(tmpdir(), "portal-bench-peer");
  mkdirSync(folder, { recursive: true });
  const manifest = readFileSync(path.join(source, "package.json"), "utf8");
  const installed = path.join(folder, "package.json");
  if (
    !existsSync(installed) ||
    readFileSync(installed, "utf8") !== manifest ||
    !existsSync(path.join(folder, "node_modules"))
  ) {
    console.log("Installing the peer (Express 5, passport, connect-pg-simple, pg) in a scratch folder…");
    copyFileSync(path.join(source, "package.json"), installed);
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--omit=dev", "--loglevel=error"], {
      cwd: folder,
      stdio: "inherit",
    });
  }
  copyFileSync(path.join(source, "server.cjs"), path.join(folder, "server.cjs"));
  return folder;
}
