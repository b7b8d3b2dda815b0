/**
 * The card's folder through the File System Access API (Chromium on a desktop): whether the browser has it, what
 * the folder's top holds, and its PAR.txt's bytes.
 */
import type { SizedCardEntry } from "~/lib/card/cardFingerprint";
import { parFileOnCard, type CardEntry, type CardRead } from "~/lib/card/cardFolderContents";

type AccessMode = { mode: "read" | "readwrite" };

declare global {
  interface Window {
    showDirectoryPicker?: (options?: { id?: string; mode?: AccessMode["mode"] }) => Promise<FileSystemDirectoryHandle>;
  }
  // Chromium has these; the DOM types do not yet.
  interface FileSystemHandle {
    queryPermission?(descriptor: AccessMode): Promise<PermissionState>;
    requestPermission?(descriptor: AccessMode): Promise<PermissionState>;
  }
}

export const readwrite: AccessMode = { mode: "readwrite" };

/** Whether this browser can open the card as a folder (and so write to it). */
export function cardFolderSupported(): boolean {
  return typeof window !== "undefined" && typeof window.showDirectoryPicker === "function";
}

async function entriesIn(folder: FileSystemDirectoryHandle): Promise<CardEntry[]> {
  const entries: CardEntry[] = [];
  for await (const handle of folder.values()) entries.push({ name: handle.name, kind: handle.kind });
  return entries;
}

/** The top folder's entries with their sizes, for the card's fingerprint; a file that cannot be looked at has none. */
export async function sizedEntriesIn(folder: FileSystemDirectoryHandle): Promise<SizedCardEntry[]> {
  const entries: SizedCardEntry[] = [];
  for await (const handle of folder.values()) {
    let size: number | null = null;
    if (handle.kind === "file")
      size = await (handle as FileSystemFileHandle)
        .getFile()
        .then((file) => file.size)
        .catch(() => null);
    entries.push({ name: handle.name, kind: handle.kind, size });
  }
  return entries;
}

export async function bytesOfFile(folder: FileSystemDirectoryHandle, name: string): Promise<Uint8Array<ArrayBuffer>> {
  const file = await (await folder.getFileHandle(name)).getFile();
  return new Uint8Array(await file.arrayBuffer());
}

/** The card's PAR.txt (null when there is none) and the entries of its top folder. */
export async function readCardFolder(
  card: FileSystemDirectoryHandle,
): Promise<{ read: CardRead; entries: CardEntry[] }> {
  const entries = await entriesIn(card);
  const { fileName } = parFileOnCard(entries);
  const bytes = fileName ? await bytesOfFile(card, fileName) : null;
  return { read: { bytes, name: card.name, from: "folder", readAt: new Date() }, entries };
}
