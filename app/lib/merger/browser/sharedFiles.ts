/**
 * The files shared to the installed app, as the service worker keeps them (Cache Storage, see
 * app/lib/merger/sharedFiles.ts): listed as waiting, added or discarded only when the technician says so.
 */
import {
  refusedShareMarkPath,
  sharedAtHeader,
  sharedFileAddress,
  sharedFileName,
  sharedFileNameHeader,
  sharedFilesCacheName,
  waitingSharesOf,
  type SharedFileEntry,
  type WaitingShare,
} from "~/lib/merger/sharedFiles";

const noShares: WaitingShare[] = [];

async function sharedFilesCache(): Promise<Cache | null> {
  // No Cache Storage (an old browser, a test): nothing was shared.
  if (typeof caches === "undefined") return null;
  return caches.open(sharedFilesCacheName);
}

/** The cache entries of one share, with their responses. */
async function entriesOf(cache: Cache, shareId?: string) {
  const entries: { request: Request; response: Response; index: number; path: string }[] = [];
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    const address = sharedFileAddress(path);
    if (!address || (shareId !== undefined && address.shareId !== shareId)) continue;
    const response = await cache.match(request);
    if (response) entries.push({ request, response, index: address.index, path });
  }
  return entries.sort((a, b) => a.index - b.index);
}

/** Every share waiting for Add or Discard, the oldest first. */
export async function listWaitingShares(): Promise<WaitingShare[]> {
  const cache = await sharedFilesCache();
  if (!cache) return noShares;
  const entries = await entriesOf(cache);
  if (entries.length === 0) return noShares;
  return waitingSharesOf(
    entries.map(({ response, path, index }): SharedFileEntry => ({
      path,
      name: sharedFileName(response.headers.get(sharedFileNameHeader), index),
      type: response.headers.get("Content-Type") ?? "",
      sharedAt: response.headers.get(sharedAtHeader),
    })),
  );
}

/** The files of one share, in the order they were shared, each with its cache entry; none for a share not waiting. */
async function sharedFilesOf(cache: Cache, shareId: string): Promise<{ file: File; request: Request }[]> {
  const files: { file: File; request: Request }[] = [];
  for (const { request, response, index } of await entriesOf(cache, shareId)) {
    const name = sharedFileName(response.headers.get(sharedFileNameHeader), index);
    files.push({
      request,
      file: new File([await response.blob()], name, { type: response.headers.get("Content-Type") ?? "" }),
    });
  }
  return files;
}

/** The files of one share, in the order they were shared; none for a share that is not waiting. */
export async function readWaitingShare(shareId: string): Promise<File[]> {
  const cache = await sharedFilesCache();
  return cache ? (await sharedFilesOf(cache, shareId)).map(({ file }) => file) : [];
}

/** Takes one share out of the waiting list. */
export async function discardWaitingShare(shareId: string): Promise<void> {
  const cache = await sharedFilesCache();
  if (!cache) return;
  for (const { request } of await entriesOf(cache, shareId)) await cache.delete(request);
}

/**
 * The "add-shared" intent: the share's files go through the same add as a drop (its checks and notices). A file
 * leaves the waiting list only once the add is done with it (`done`: listed, or refused for good); a set refused
 * as too big, a file not read, a path already listed stays waiting for another Add. A share no longer waiting
 * (added or discarded in another tab) adds nothing.
 */
export async function addSharedFiles<Answer>(
  shareId: string,
  addFiles: (files: File[]) => Promise<{ answer: Answer; done: ReadonlySet<File> }>,
): Promise<Answer | null> {
  const cache = await sharedFilesCache();
  if (!cache) return null;
  const shared = await sharedFilesOf(cache, shareId);
  if (shared.length === 0) return null;
  const { answer, done } = await addFiles(shared.map(({ file }) => file));
  for (const { file, request } of shared) if (done.has(file)) await cache.delete(request);
  return answer;
}

/** The "discard-shared" intent: the share's files are gone, none of them was added. */
export async function discardSharedFiles(shareId: string): Promise<null> {
  await discardWaitingShare(shareId);
  return null;
}

/** Whether the service worker refused a share that the technician has not yet been told of (refusedShareMarkPath). */
export async function refusedShareMarked(): Promise<boolean> {
  const cache = await sharedFilesCache();
  return (await cache?.match(refusedShareMarkPath)) !== undefined;
}

/** The technician closed the notice of a refused share: it is not said again. */
export async function forgetRefusedShare(): Promise<void> {
  await (await sharedFilesCache())?.delete(refusedShareMarkPath);
}
