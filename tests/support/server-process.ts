/**
 * The portal's server as a child process (`src/server/main.ts` through tsx), for the tests that need
 * a real process: configuration errors, start-up, shutdown, a crash. It listens on a free loopback
 * port; its log is kept for the test to read.
 */
import { type ChildProcess, spawn } from "node:child_process";

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr together. */
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the server with a bare environment (PATH and `env` only): nothing leaks in from the test's. */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      PATH: process.env.PATH ?? "",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      PORT: "0",
      APP_URL: "http://portal.test",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}
