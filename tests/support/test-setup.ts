/**
 * Runs before every Vitest file: a test fails on an unexpected console.error, and any attempt to
 * reach a host outside loopback throws, so no test can depend on (or leak to) the outside world.
 * The pages speak English, and each test starts with no session and no configuration known.
 */
import net from "node:net";
import { afterEach, vi } from "vitest";
import { i18n } from "../../src/client/lib/i18n/i18n";
import { resetPublicConfig } from "../../src/client/lib/public-config";
import { resetSession } from "../../src/client/lib/session";
import { messages as adminMessages } from "../../src/shared/i18n/locales/en/admin";
import { messages } from "../../src/shared/i18n/locales/en/public";
import { messages as signedInMessages } from "../../src/shared/i18n/locales/en/signed-in";

// The pages speak English in tests, as a browser that asks for it hears them (decision 052).
i18n.loadAndActivate({ locale: "en", messages: { ...messages, ...signedInMessages, ...adminMessages } });

const isLoopback = (host: string | undefined) =>
  host === undefined || host === "localhost" || host.startsWith("127.") || host === "::1" || host === "[::1]";

/**
 * The guards below wrap process-wide functions. The API tests share one process between files
 * (`npm run test:api`, decision 063), where this file runs again for each of them: the guards are
 * installed once, and each file's hook reads the errors its own tests caused.
 */
interface Guards {
  consoleErrors: unknown[][];
}
const guardsKey = Symbol.for("portal.test-setup.guards");
const processGlobals = globalThis as typeof globalThis & { [guardsKey]?: Guards };
processGlobals[guardsKey] ??= installGuards();
const guards = processGlobals[guardsKey];

afterEach(() => {
  // The browser's session and configuration are module state, which a test's render fills.
  resetSession();
  resetPublicConfig();
  const seen = guards.consoleErrors.splice(0);
  vi.restoreAllMocks();
  if (seen.length > 0)
    throw new Error(`console.error was called:\n${seen.map((a) => a.join(" ")).join("\n")}`);
});

function installGuards(): Guards {
  const installed: Guards = { consoleErrors: [] };
  const originalError = console.error;
  console.error = (...args: unknown[]) => {
    installed.consoleErrors.push(args);
    originalError(...args);
  };

  const originalConnect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function connect(this: net.Socket, ...args: unknown[]) {
    // net.connect() passes its already-normalised arguments as one array.
    const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    const options =
      typeof first === "object" && first !== null ? (first as { host?: string; path?: string }) : undefined;
    const host = options
      ? options.path
        ? undefined
        : options.host
      : typeof second === "string"
        ? second
        : undefined;
    if (!isLoopback(host)) throw new Error(`Tests may only reach loopback addresses, not ${host}`);
    return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;

  const originalFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!isLoopback(url.hostname))
      throw new Error(`Tests may only reach loopback addresses, not ${url.hostname}`);
    return originalFetch(input, init);
  };
  return installed;
}

// Every screen but the sign-in page renders once tailwind-merge is in (src/client/lib/utils.ts), so
// components are tested with it.
await (await import("../../src/client/lib/utils")).loadClassMerge();
