/**
 * Work a route queues to run once its answer is sent: mail that would otherwise make an answer about
 * a known email slower than one about an unknown email. A failure is logged (through the safe error
 * serializer); closing the app waits for the work still running.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export type AfterResponseTask = () => Promise<void>;

declare module "fastify" {
  interface FastifyReply {
    /** Runs `task` after the answer has been sent. */
    afterResponse(task: AfterResponseTask): void;
  }
  interface FastifyRequest {
    afterResponseTasks: AfterResponseTask[] | null;
  }
  interface FastifyInstance {
    /** Resolves once every queued task has finished (for shutdown, and tests that read the result). */
    settleAfterResponse(): Promise<void>;
  }
}

export default fp(
  async function afterResponse(app: FastifyInstance) {
    const running = new Set<Promise<void>>();
    app.decorateRequest("afterResponseTasks", null);
    app.decorateReply(
      "afterResponse",
      function (
        this: { request: { afterResponseTasks: AfterResponseTask[] | null } },
        task: AfterResponseTask,
      ) {
        this.request.afterResponseTasks ??= [];
        this.request.afterResponseTasks.push(task);
      },
    );
    app.addHook("onResponse", async (request) => {
      for (const task of request.afterResponseTasks ?? []) {
        const run = task()
          .catch((err: unknown) => request.log.error({ err }, "work after the response failed"))
          .finally(() => running.delete(run));
        running.add(run);
      }
      request.afterResponseTasks = null;
    });
    app.decorate("settleAfterResponse", async () => {
      // A response that has just been delivered may not have reached its onResponse hook yet.
      await new Promise((resolve) => setImmediate(resolve));
      while (running.size > 0) await Promise.allSettled([...running]);
    });
    app.addHook("onClose", async () => app.settleAfterResponse());
  },
  { name: "after-response" },
);
