// A load generator on a thread of its own, so that a portal running in the benchmark's own process
// gets that process's main thread to itself, as the peer in its own process does. Keeps
// `concurrency` keep-alive connections busy with GETs for `durationMs` and reports what came back.
import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

const { port, path, headers, concurrency, durationMs, expectedStatus } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function get() {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get({ host: "127.0.0.1", port, path, headers, agent }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => {
        bytes += chunk.length;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode, ms: performance.now() - started, bytes }),
      );
      response.on("error", () => resolve({ status: 0, ms: performance.now() - started, bytes }));
    });
    request.on("error", () => resolve({ status: 0, ms: performance.now() - started, bytes: 0 }));
  });
}

const deadline = performance.now() + durationMs;
const times = [];
let failed = 0;
let bytes = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      const answer = await get();
      if (answer.status === expectedStatus) {
        times.push(answer.ms);
        bytes = answer.bytes;
      } else failed += 1;
    }
  }),
);
agent.destroy();
times.sort((a, b) => a - b);
const at = (p) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? Number.NaN;
parentPort.postMessage({
  perSecond: times.length / (durationMs / 1000),
  p50: at(0.5),
  p99: at(0.99),
  failed,
  bytes,
});
