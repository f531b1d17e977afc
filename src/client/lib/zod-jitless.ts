/**
 * What the client imports as "zod" (vite.config.ts aliases it here): zod with its just-in-time
 * parsers turned off before any schema is built. Those parsers are compiled with `new Function`,
 * which the content security policy refuses (no 'unsafe-eval'); without this, zod's probe for them
 * is reported as a policy violation on every page that parses.
 */
import { z } from "zod/v4";

z.config({ jitless: true });

export * from "zod/v4";
export { z, z as default };
