import type { FastifyRequest } from "fastify";
import type { UserRow } from "../db/schema";
import { unauthorized } from "./errors";

/**
 * The signed-in user of a route declared `user` or `admin`. The session guard has already refused
 * everyone else; this gives the row its type, and refuses if a route's declaration says otherwise.
 */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}
