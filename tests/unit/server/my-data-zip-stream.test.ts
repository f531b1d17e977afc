/**
 * The streamed ZIP of "Download my data": entries are produced only when the ZIP reaches them and only
 * as fast as they are read, and a reader that goes away ends the entry under way (its generator's
 * `finally` runs) and starts no other.
 */
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { jsonList, keysetPages, zipStream } from "../../../src/server/features/my-data/zip-stream";
import { readZip } from "../../support/read-zip";

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(chunks);
}

describe("zipStream", () => {
  it("writes each entry's content, in order, as a ZIP", async () => {
    const rows = Array.from({ length: 1234 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));
    const { stream, done } = zipStream(
      [
        {
          name: "README.txt",
          content: async function* () {
            yield "hello\r\n";
          },
        },
        {
          name: "rows.json",
          content: () =>
            jsonList(
              keysetPages(async (afterId, limit) => rows.filter((r) => r.id > afterId).slice(0, limit), 100),
            ),
        },
        { name: "empty.json", content: () => jsonList(keysetPages(async () => [] as { id: number }[])) },
      ],
      new Date("2026-11-25T12:00:00Z"),
    );
    const entries = await readZip(await readAll(stream));
    expect([...entries.keys()]).toEqual(["README.txt", "rows.json", "empty.json"]);
    expect(entries.get("README.txt")).toBe("hello\r\n");
    expect(JSON.parse(entries.get("rows.json") ?? "")).toEqual(rows);
    expect(entries.get("empty.json")).toBe("[]\n");
    expect(await done).toBe("complete");
  });

  it("stops the entry under way when the reader goes away, and starts no other", async () => {
    let pagesRead = 0;
    let finished = false;
    let laterStarted = false;
    const { stream, done } = zipStream(
      [
        {
          name: "endless.json",
          content: async function* () {
            try {
              for (;;) {
                pagesRead += 1;
                // Text that does not compress away, so the reader's buffers fill.
                yield `${randomBytes(3000).toString("base64")}\n`;
              }
            } finally {
              finished = true;
            }
          },
        },
        {
          name: "later.json",
          content: async function* () {
            laterStarted = true;
            yield "[]";
          },
        },
      ],
      new Date(),
    );
    await new Promise<void>((resolve) => {
      stream.once("data", () => resolve());
    });
    stream.pause();
    // Backpressure: with nobody reading, the generator is not pulled without end.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const whilePaused = pagesRead;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pagesRead).toBe(whilePaused);
    expect(whilePaused).toBeLessThan(100);

    stream.destroy();
    expect(await done).toBe("stopped");
    await expect.poll(() => finished).toBe(true);
    expect(laterStarted).toBe(false);
  });

  it("fails the stream when an entry fails to read", async () => {
    const { stream, done } = zipStream(
      [
        {
          name: "broken.json",
          content: async function* () {
            yield "[";
            throw new Error("the database went away");
          },
        },
      ],
      new Date(),
    );
    await expect(readAll(stream)).rejects.toThrow("the database went away");
    expect(await done).toBe("stopped");
  });
});
