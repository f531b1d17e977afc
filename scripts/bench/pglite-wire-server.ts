/**
 * Serves an embedded database (PGlite) over PostgreSQL's wire protocol on a loopback port, so a
 * program that only speaks to a server (the peer of bench:peer, through `pg`) can run on it.
 *
 * PGlite is one backend: every connection shares its session. So a connection's messages up to and
 * including a Sync or a simple Query run together, never interleaved with another connection's (an
 * unnamed statement parsed by one must not be bound by another), and while a connection has a
 * transaction open the others wait until it ends.
 */
import { createServer, type Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";

const SSL_REQUEST = 80_877_103;
const GSS_REQUEST = 80_877_104;
const CANCEL_REQUEST = 80_877_102;
const PROTOCOL_3 = 196_608;

/** A lock that one connection holds for the length of a batch, or of a transaction. */
class BackendLock {
  private holder: Socket | null = null;
  private waiting: Array<{ socket: Socket; wake: () => void }> = [];

  async acquire(socket: Socket): Promise<void> {
    if (this.holder === socket) return;
    if (this.holder === null) {
      this.holder = socket;
      return;
    }
    await new Promise<void>((wake) => this.waiting.push({ socket, wake }));
  }

  release(socket: Socket): void {
    if (this.holder !== socket) return;
    const next = this.waiting.shift();
    this.holder = next?.socket ?? null;
    next?.wake();
  }

  forget(socket: Socket): void {
    this.waiting = this.waiting.filter((entry) => entry.socket !== socket);
  }
}

/** The transaction status of the last ReadyForQuery ('Z') in a backend's answer: I, T or E. */
function lastTransactionStatus(answer: Uint8Array): string | null {
  for (let i = answer.length - 6; i >= 0; i--) {
    if (answer[i] === 0x5a && answer[i + 1] === 0 && answer[i + 2] === 0 && answer[i + 3] === 0) {
      if (answer[i + 4] === 5) return String.fromCharCode(answer[i + 5] ?? 0);
    }
  }
  return null;
}

export async function servePgliteOverTcp(pglite: PGlite): Promise<{ port: number; close(): Promise<void> }> {
  const lock = new BackendLock();
  const sockets = new Set<Socket>();

  const serve = (socket: Socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    let buffered = Buffer.alloc(0);
    let started = false;
    let inTransaction = false;
    let chain = Promise.resolve();

    const run = (batch: Buffer[]) => {
      chain = chain.then(async () => {
        await lock.acquire(socket);
        let status: string | null = null;
        await pglite.runExclusive(async () => {
          for (const message of batch) {
            const answer = await pglite.execProtocolRaw(new Uint8Array(message));
            if (answer.length > 0 && !socket.destroyed) socket.write(answer);
            status = lastTransactionStatus(answer) ?? status;
          }
        });
        if (status !== null) inTransaction = status !== "I";
        if (!inTransaction) lock.release(socket);
      });
      chain.catch(() => socket.destroy());
    };

    let batch: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (true) {
        if (!started) {
          if (buffered.length < 8) return;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          const code = buffered.readInt32BE(4);
          const message = buffered.subarray(0, length);
          buffered = buffered.subarray(length);
          if (code === SSL_REQUEST || code === GSS_REQUEST) socket.write("N");
          else if (code === CANCEL_REQUEST) socket.destroy();
          else if (code === PROTOCOL_3) {
            started = true;
            run([Buffer.from(message)]);
          } else socket.destroy();
          continue;
        }
        if (buffered.length < 5) return;
        const length = 1 + buffered.readInt32BE(1);
        if (buffered.length < length) return;
        const type = String.fromCharCode(buffered[0] ?? 0);
        const message = Buffer.from(buffered.subarray(0, length));
        buffered = buffered.subarray(length);
        // Terminate ends this connection only: passed on, it would end the one backend for all.
        if (type === "X") {
          socket.end();
          return;
        }
        batch.push(message);
        if (type === "S" || type === "Q" || type === "H") {
          run(batch);
          batch = [];
        }
      }
    });
    socket.on("close", () => {
      sockets.delete(socket);
      lock.forget(socket);
      chain = chain.then(async () => {
        if (inTransaction) await pglite.exec("rollback").catch(() => {});
        lock.release(socket);
      });
    });
    socket.on("error", () => socket.destroy());
  };

  const server = createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
