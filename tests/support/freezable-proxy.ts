/**
 * A TCP proxy on loopback that can freeze one connection: it stays open but nothing passes either
 * way, as when a network drops packets without closing anything. Tests put it between an instance
 * and its database to see what the instance does when a connection goes silent.
 */
import net from "node:net";

export interface FreezableProxy {
  port: number;
  /** How many connections it has been asked for. */
  connectionsSeen(): number;
  /** From now on accepts connections but passes nothing on: a server that never answers. */
  holdNewConnections(): void;
  /** Freezes the connection whose side towards the target has this local port; false if none. */
  freezeByTargetSidePort(port: number): boolean;
  close(): Promise<void>;
}

export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  const pairs = new Set<{ inbound: net.Socket; outbound: net.Socket }>();
  const held = new Set<net.Socket>();
  let seen = 0;
  let holding = false;
  const server = net.createServer((inbound) => {
    seen += 1;
    if (holding) {
      held.add(inbound);
      inbound.on("error", () => {}).on("close", () => held.delete(inbound));
      return;
    }
    const outbound = net.connect(target.port, target.host);
    const pair = { inbound, outbound };
    pairs.add(pair);
    inbound.pipe(outbound);
    outbound.pipe(inbound);
    const end = () => {
      pairs.delete(pair);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on("error", end).on("close", end);
    outbound.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    connectionsSeen: () => seen,
    holdNewConnections() {
      holding = true;
    },
    freezeByTargetSidePort(localPort) {
      for (const { inbound, outbound } of pairs) {
        if (outbound.localPort !== localPort) continue;
        inbound.unpipe(outbound);
        outbound.unpipe(inbound);
        inbound.pause();
        outbound.pause();
        return true;
      }
      return false;
    },
    async close() {
      for (const socket of held) socket.destroy();
      for (const { inbound, outbound } of pairs) {
        inbound.destroy();
        outbound.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
