import { z } from "zod";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    state: z.enum(["up", "down"]),
    latencyMs: z.number().nonnegative().nullable(),
  }),
});

export const readinessSchema = z.object({
  ready: z.boolean(),
  /** Why not, when not: still starting (migrations, the demo data), stopping, or the database is down. */
  reason: z.enum(["starting", "stopping", "database-down"]).nullable(),
});
