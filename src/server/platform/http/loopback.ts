/**
 * Whether a request comes from this machine. The development extras (the mailbox, `/login-test`,
 * the test checkout) answer only such requests, whatever address the portal listens on.
 */
import { isIP } from "node:net";
import type { FastifyRequest } from "fastify";

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6-mapped address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1";
}

/** A host name or address to listen on that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === "localhost" || isLoopbackAddress(host);
}

/**
 * Both the connection and the client it speaks for must be local: behind a proxy on this machine the
 * socket is always loopback, and the address the trusted proxy forwards is the one that counts.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}
