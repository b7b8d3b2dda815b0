// What both drivers share: how long to wait for the page, how often to look, and how a download is found on disk.
import { readFile, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/** As long as the Playwright suite waits for the screen: adding files runs through IndexedDB and a worker. */
export const waitTimeoutMs = 15_000;

/**
 * How often a wait looks again (the screen, a click that something covered, the download folder): often, so a
 * journey goes on as soon as the screen is there; a look costs a few milliseconds.
 */
export const pollMs = 25;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Empties the folder the browser saves into, does what starts the download and returns the bytes of the file
 * named `fileName` once it is the folder's only file, holds bytes and its size has stopped changing. Firefox
 * writes a download under a random name first and then renames it, so only the name the app gives counts.
 */
export async function waitForDownload(folder: string, fileName: string, start: () => Promise<void>): Promise<Buffer> {
  for (const name of await readdir(folder)) {
    if (!name.startsWith(".")) await rm(join(folder, name), { recursive: true, force: true });
  }
  await start();
  const deadline = Date.now() + waitTimeoutMs;
  let names: string[] = [];
  let lastSize = -1;
  while (Date.now() < deadline) {
    names = (await readdir(folder)).filter((name) => !name.startsWith("."));
    if (names.length === 1 && names[0] === fileName) {
      const { size } = await stat(join(folder, fileName));
      // A file the browser has only created is empty: no download of the app's is, so it is not yet the file.
      if (size > 0 && size === lastSize) return readFile(join(folder, fileName));
      lastSize = size;
    }
    await pause(pollMs);
  }
  throw new Error(`No ${fileName} arrived within ${waitTimeoutMs / 1000} s; the folder holds ${JSON.stringify(names)}`);
}
