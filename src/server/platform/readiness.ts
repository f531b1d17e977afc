/**
 * Whether this instance can serve a sign-in, for `/api/health/ready`: liveness (`/api/health`) says
 * the process and its database answer; readiness also waits for the migrations and a new embedded
 * database's demo data, and turns false again as soon as a stop begins, so that a proxy in front
 * sends new requests elsewhere while this instance finishes its own.
 */
export type ReadinessState = "starting" | "ready" | "stopping";

export class Readiness {
  constructor(public state: ReadinessState = "ready") {}
}
