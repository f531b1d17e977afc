/**
 * Starts the built portal for the browser tests: a new embedded database in a temporary DATA_DIR,
 * migrated and given the test users with their sessions (written directly, as only the tests of
 * sign-in should go through the sign-in screens), then `node dist/server/main.js` on it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../../src/server/db/client";
import { sessions, users } from "../../../src/server/db/schema";
import { hashSecretToken } from "../../../src/server/plugins/secret-token";
import {
  DISPOSABLE_SESSIONS_PER_USER,
  disposableSessionToken,
  type E2eUserKey,
  e2eImportedUsers,
  e2eUsers,
} from "./users";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = mkdtempSync(path.join(tmpdir(), "portal-e2e-"));

const database = await openDatabase({ kind: "pglite", dataDir });
await database.migrate();
const day = 24 * 3_600_000;
for (const key of Object.keys(e2eUsers) as E2eUserKey[]) {
  const spec = e2eUsers[key];
  const [user] = await database.db
    .insert(users)
    .values({ email: spec.email, name: spec.name, username: spec.username, role: spec.role })
    .returning();
  if (!user) throw new Error("could not create e2e user");
  const tokens: string[] = [spec.sessionToken];
  for (let i = 0; i < DISPOSABLE_SESSIONS_PER_USER; i++) tokens.push(disposableSessionToken(key, i));
  await database.db.insert(sessions).values(
    tokens.map((token) => ({
      tokenHash: hashSecretToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + day),
    })),
  );
}
// Customers imported from the operator's base who have not claimed their record: no password, no session.
await database.db
  .insert(users)
  .values(Object.values(e2eImportedUsers).map(({ email, name }) => ({ email, name })));
await database.close();

const server = spawn(process.execPath, ["dist/server/main.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "test",
    PORT: port,
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
    SYNC_INTERVAL_MINUTES: "0",
  },
});

const stop = (signal: NodeJS.Signals) => server.kill(signal);
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
