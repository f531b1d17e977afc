/**
 * A ZIP written as it is read: each entry's content is an async iterable that is started only when
 * the ZIP reaches that entry (yazl's lazy entries), and pulled only as fast as the reader takes the
 * bytes (backpressure through yazl's pipes), so no entry is ever held whole in memory. When the
 * reader goes away, the entry being written is destroyed, which ends its generator at its next
 * step (its database reads stop), and no later entry is started.
 */
import { Readable } from "node:stream";
import { ZipFile } from "yazl";

export interface ZipEntry {
  name: string;
  /** The entry's bytes, produced on demand. */
  content: () => AsyncIterable<string>;
}

/** How much of an entry is read ahead of the deflater: a page of rows at most, beyond this. */
const ENTRY_HIGH_WATER_MARK = 64 * 1024;

export interface ZipStream {
  stream: Readable;
  /** Settles once the stream has ended or been destroyed: "complete" when every byte was read. */
  done: Promise<"complete" | "stopped">;
}

export function zipStream(entries: readonly ZipEntry[], mtime: Date): ZipStream {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const open = new Set<Readable>();
  let stopped = false;

  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime }, (give) => {
      // The reader has gone: leave the entry unstarted (the ZIP will never be finished anyway).
      if (stopped) return;
      const content = Readable.from(entry.content(), {
        objectMode: false,
        highWaterMark: ENTRY_HIGH_WATER_MARK,
      });
      open.add(content);
      content.once("close", () => open.delete(content));
      // A failed read (the database went away) fails the whole download: an unfinished ZIP has no
      // central directory, so the customer's browser reports a broken download, not a short file.
      content.once("error", (err) => output.destroy(err));
      give(null, content);
    });
  }
  // yazl reports its own failures (none expected for entries it sizes itself) as events.
  zip.on("error", (err: Error) => output.destroy(err));
  zip.end();

  const done = new Promise<"complete" | "stopped">((resolve) => {
    let ended = false;
    output.once("end", () => {
      ended = true;
    });
    output.once("close", () => {
      stopped = true;
      for (const content of open) content.destroy();
      resolve(ended ? "complete" : "stopped");
    });
  });
  return { stream: output, done };
}

/** A row as the file writes it: pretty-printed, two spaces in from the array's brackets. */
function rowText(row: unknown): string {
  return `  ${JSON.stringify(row, null, 2).replaceAll("\n", "\n  ")}`;
}

/** A JSON array written page by page: one string per page, never the whole array at once. */
export async function* jsonList<Row>(pages: AsyncIterable<readonly Row[]>): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const page of pages) {
    if (page.length === 0) continue;
    const text = page.map(rowText).join(",\n");
    yield `${first ? "\n" : ",\n"}${text}`;
    first = false;
  }
  yield first ? "]\n" : "\n]\n";
}

/** A file holding one JSON object, read when the ZIP reaches it. */
export async function* jsonObject(read: () => Promise<unknown>): AsyncGenerator<string> {
  yield `${JSON.stringify(await read(), null, 2)}\n`;
}

/** How many rows each read of a list takes. */
export const PAGE_SIZE = 250;

/**
 * A table's rows page by page in the order of their ids (keyset pagination: each page starts after
 * the last id of the one before, so a page costs the same however deep in the table it is).
 */
export async function* keysetPages<Row extends { id: number }>(
  readPage: (afterId: number, limit: number) => Promise<Row[]>,
  pageSize = PAGE_SIZE,
): AsyncGenerator<Row[]> {
  let afterId = 0;
  for (;;) {
    const page = await readPage(afterId, pageSize);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    afterId = last.id;
  }
}

/** Each page through `map` (which may read or write more), still one page at a time. */
export async function* mapPages<Row, Out>(
  pages: AsyncIterable<Row[]>,
  map: (page: Row[]) => Out[] | Promise<Out[]>,
): AsyncGenerator<Out[]> {
  for await (const page of pages) yield await map(page);
}

export const iso = (at: Date): string => at.toISOString();
export const isoOrNull = (at: Date | null): string | null => (at === null ? null : at.toISOString());
