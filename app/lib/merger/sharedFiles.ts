/**
 * Files shared to the installed app (the share sheet): public/share-target-sw.js keeps them in a cache, one entry
 * per file under /shared-files/<share id>/<n>, and the app lists them as waiting until the technician adds or
 * discards them. The names must match that script (test/unit/merger/shareTargetWorker.test.ts checks them).
 */
export const sharedFilesCacheName = "shared-files";
export const sharedFilesPath = "/shared-files/";
export const sharedFileNameHeader = "X-File-Name";
export const sharedAtHeader = "X-Shared-At";
/** Where the service worker sends the app after refusing a share: /files says so (refusedShareNotice). */
export const refusedShareQuery = "?share=refused";
/**
 * The cache entry the service worker puts when it refuses a share: /files shows the notice only while it is
 * there, so a link to /files?share=refused from anywhere says nothing. Closing the notice takes it away.
 */
export const refusedShareMarkPath = "/share-refused";

/** Said on /files after a share was refused: files were sent and nothing was kept. */
export const refusedShareNotice = {
  title: "Files sent to the app were not taken",
  message:
    "They did not come from this device's share menu, so they may be from a page of another site: nothing was added or kept. If you shared them yourself, add them with Select files.",
} as const;

/** One file of a share as the cache holds it. */
export interface SharedFileEntry {
  /** The entry's address path: /shared-files/<share id>/<n>. */
  path: string;
  name: string;
  type: string;
  /** ISO 8601, when the service worker kept it; null for a share kept by an older version. */
  sharedAt: string | null;
}

/** One share (one use of the share sheet) waiting for Add or Discard. */
export interface WaitingShare {
  id: string;
  sharedAt: string | null;
  files: { name: string; type: string }[];
}

/** The share and the place in it that a cache entry's path names; null for any other path. */
export function sharedFileAddress(path: string): { shareId: string; index: number } | null {
  if (!path.startsWith(sharedFilesPath)) return null;
  const [shareId, index, ...rest] = path.slice(sharedFilesPath.length).split("/");
  if (!shareId || rest.length > 0 || !/^\d+$/.test(index ?? "")) return null;
  return { shareId: decodeURIComponent(shareId), index: Number(index) };
}

/** The entries grouped by share, each share's files in the order they were shared, the oldest share first. */
export function waitingSharesOf(entries: readonly SharedFileEntry[]): WaitingShare[] {
  const byShare = new Map<string, { sharedAt: string | null; files: (SharedFileEntry & { index: number })[] }>();
  for (const entry of entries) {
    const address = sharedFileAddress(entry.path);
    if (!address) continue;
    const share = byShare.get(address.shareId) ?? { sharedAt: entry.sharedAt, files: [] };
    share.files.push({ ...entry, index: address.index });
    byShare.set(address.shareId, share);
  }
  return [...byShare]
    .map(([id, { sharedAt, files }]) => ({
      id,
      sharedAt,
      files: files.sort((a, b) => a.index - b.index).map(({ name, type }) => ({ name, type })),
    }))
    .sort((a, b) => (a.sharedAt ?? "").localeCompare(b.sharedAt ?? ""));
}

/** The name a file was shared under (kept percent-encoded in a header); a numbered name when it is missing or damaged. */
export function sharedFileName(header: string | null, position: number): string {
  const fallback = `shared-${position + 1}.txt`;
  if (header === null) return fallback;
  try {
    return decodeURIComponent(header) || fallback;
  } catch {
    return fallback;
  }
}
