import { z } from "zod";

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    state: z.enum(["up", "down"]),
    latencyMs: z.number().nonnegative().nullable(),
  }),
});
