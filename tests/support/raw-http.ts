/**
 * Raw HTTP/1.1 over a loopback socket, for request targets that `inject` and fetch would tidy up
 * first: absolute-form targets, doubled slashes, escapes the URL class would decode or refuse.
 */
import net from "node:net";
import type { FastifyInstance } from "fastify";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Starts the app on a free loopback port; returns the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("the app is not listening on a port");
  return address.port;
}

export function rawRequest(
  port: number,
  request: { method: string; target: string; headers?: Record<string, string>; body?: string },
): Promise<RawResponse> {
  const body = request.body ?? "";
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    connection: "close",
    ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}),
    ...request.headers,
  };
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join("\r\n");
  return sendRaw(port, `${head}\r\n\r\n${body}`, `${request.method} ${request.target}`);
}

/** Sends bytes exactly as given, and reads the one answer up to the connection's close. */
export function sendRaw(
  port: number,
  bytes: string,
  label = JSON.stringify(bytes.slice(0, 60)),
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // write, not end: a half-closed client socket makes Node drop a response still being prepared.
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const [statusLine = "", ...headerLines] = text.slice(0, split < 0 ? undefined : split).split("\r\n");
      const status = Number(statusLine.split(" ")[1]);
      if (!Number.isInteger(status)) {
        return reject(new Error(`no HTTP answer to ${label}: ${JSON.stringify(text)}`));
      }
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        parsed[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let responseBody = split < 0 ? "" : text.slice(split + 4);
      if (parsed["transfer-encoding"] === "chunked") responseBody = unchunk(responseBody);
      resolve({ status, headers: parsed, body: responseBody });
    });
  });
}

function unchunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
