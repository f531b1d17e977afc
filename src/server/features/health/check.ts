/**
 * The liveness check: whether the database answers, and how quickly. The `/api/health` route and
 * the listener that answers it while the app is still being built (http/early-listener.ts) both
 * answer with this, so the probe sees one answer whoever gives it.
 */
import type { z } from "zod";
import type { healthSchema } from "../../../shared/api/health";
import type { DatabaseHandle } from "../../platform/db/database";

const HEALTH_QUERY_TIMEOUT_MS = 2_000;

type Health = z.infer<typeof healthSchema>;

export async function checkHealth(
  database: DatabaseHandle,
  onFailure: (err: unknown) => void,
): Promise<{ statusCode: 200 | 503; body: Health }> {
  try {
    const latencyMs = await withTimeout(database.ping(), HEALTH_QUERY_TIMEOUT_MS);
    return {
      statusCode: 200,
      body: { status: "ok", database: { kind: database.kind, state: "up", latencyMs } },
    };
  } catch (err) {
    onFailure(err);
    return {
      statusCode: 503,
      body: { status: "degraded", database: { kind: database.kind, state: "down", latencyMs: null } },
    };
  }
}

/** Whether the database answers within the probe's time; the readiness route asks it too. */
export function pingInTime(database: DatabaseHandle): Promise<number> {
  return withTimeout(database.ping(), HEALTH_QUERY_TIMEOUT_MS);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
