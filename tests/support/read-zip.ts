/** Reads a whole ZIP (a download's bytes) into its entries, in the order the ZIP holds them. */
import { text } from "node:stream/consumers";
import yauzl from "yauzl";

export async function readZip(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, strictFileNames: true });
  const entries = new Map<string, string>();
  try {
    for await (const entry of zip.eachEntry()) {
      entries.set(entry.fileName, await text(await zip.openReadStreamPromise(entry)));
    }
  } finally {
    zip.close();
  }
  return entries;
}
