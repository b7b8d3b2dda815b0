// What both drivers share: how long to wait for the page, how often to look, and how a download is found on disk.
import { readFile, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Download } from "../driver";

/** As long as the Playwright suite waits for the screen: adding files runs through IndexedDB and a worker. */
export const waitTimeoutMs = 15_000;

/**
 * How often a wait looks again (the screen, a click that something covered, the download folder): often, so a
 * journey goes on as soon as the screen is there; a look costs a few milliseconds.
 */
export const pollMs = 25;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Files that are still being written carry the browser's own extension. */
const unfinished = /\.(part|download|crdownload)$/;

/**
 * Empties the folder the browser saves into, does what starts the download and returns the one file
 * that appears there, once it holds bytes and its size has stopped changing.
 */
export async function waitForDownload(folder: string, start: () => Promise<void>): Promise<Download> {
  for (const name of await readdir(folder)) {
    if (!name.startsWith(".")) await rm(join(folder, name), { recursive: true, force: true });
  }
  await start();
  const deadline = Date.now() + waitTimeoutMs;
  let lastSize = -1;
  while (Date.now() < deadline) {
    const names = (await readdir(folder)).filter((name) => !name.startsWith("."));
    const name = names.length === 1 && !unfinished.test(names[0]!) ? names[0]! : null;
    if (name) {
      const { size } = await stat(join(folder, name));
      // A file the browser has only created is empty: no download of the app's is, so it is not yet the file.
      if (size > 0 && size === lastSize) return { name, bytes: await readFile(join(folder, name)) };
      lastSize = size;
    }
    await pause(pollMs);
  }
  throw new Error(`No download arrived within ${waitTimeoutMs / 1000} s`);
}
