/**
 * The SD card as a folder, through the File System Access API (Chromium on a
 * desktop): pick the card's root once, read its PAR.txt, write PAR.txt and read
 * it back. The folder's handle is kept for the session and in IndexedDB, so the
 * next visit needs one click to be allowed in again. Nothing but PAR.txt is
 * ever written to the card; the PAR.txt found there before a write is kept in
 * memory (lastCardRead) for the service record.
 *
 * Elsewhere (Firefox, Safari, Android) the card's PAR.txt is picked as a file
 * for the comparison, and the download is the way onto the card.
 */
import { get, set, type UseStore } from "idb-keyval";
import { logger } from "~/lib/shell/logger";
import { sha256Hex } from "~/lib/shell/browser/sha256";
import { sameBytes } from "~/lib/merger/cardCompare";
import { parFileName } from "~/lib/merger/parFileFormat";
import { onFirstUse, openKeyValueStore } from "~/lib/shell/browser/indexedDb";

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

const readwrite: AccessMode = { mode: "readwrite" };
const handleKey = "card-folder";

/** Whether this browser can open the card as a folder (and so write to it). */
export function cardFolderSupported(): boolean {
  return typeof window !== "undefined" && typeof window.showDirectoryPicker === "function";
}

/** What the technician should know about the files next to PAR.txt, from the names in the card's root. */
export function cardFolderWarnings(names: readonly string[]): string[] {
  const warnings: string[] = [];
  if (!names.some(isParFileName)) warnings.push("The card has no PAR.txt yet.");
  const appleDouble = names.filter((name) => /^\._par.*\.txt$/i.test(name));
  if (appleDouble.length > 0) {
    warnings.push(
      `${appleDouble.join(", ")}: a hidden file a Mac wrote next to PAR.txt. Some units read it instead of PAR.txt; delete it from the card.`,
    );
  }
  const otherParFiles = names.filter((name) => /^par.*\.txt$/i.test(name) && !isParFileName(name));
  if (otherParFiles.length > 0) {
    warnings.push(
      `${otherParFiles.join(", ")}: other PAR files on the card (a browser names a second download "PAR (1).txt"). The unit reads only PAR.txt; delete the others so nobody takes them for it.`,
    );
  }
  const swapFiles = names.filter((name) => /^par\.txt\.crswap$/i.test(name));
  if (swapFiles.length > 0) {
    warnings.push(`${swapFiles.join(", ")}: left over from a write that did not finish; delete it from the card.`);
  }
  return warnings;
}

/** FAT cards ignore case: "PAR.TXT" is the unit's PAR.txt too. */
function isParFileName(name: string): boolean {
  return name.toLowerCase() === parFileName.toLowerCase();
}

export type CardFailureKind = "permission" | "card-gone" | "card-full" | "read-only" | "read-back" | "other";

/** A card step that failed, with what happened in the technician's words. */
export class CardFolderError extends Error {
  constructor(
    readonly kind: CardFailureKind,
    message: string,
  ) {
    super(message);
    this.name = "CardFolderError";
  }
}

/** Names what went wrong, from the DOMException the browser threw. */
export function cardFolderErrorOf(error: unknown): CardFolderError {
  if (error instanceof CardFolderError) return error;
  const name = error instanceof Error ? error.name : "";
  const detail = error instanceof Error ? error.message : String(error);
  switch (name) {
    case "NotAllowedError":
    case "SecurityError":
      return new CardFolderError(
        "permission",
        "The browser was not allowed to use the card folder (permission refused).",
      );
    case "NotFoundError":
      return new CardFolderError("card-gone", "The card folder is no longer there (was the card removed?).");
    case "QuotaExceededError":
      return new CardFolderError("card-full", "The card is full.");
    case "NoModificationAllowedError":
    case "InvalidModificationError":
      return new CardFolderError(
        "read-only",
        "The card cannot be written (write-protected, or PAR.txt is open elsewhere).",
      );
    default:
      return new CardFolderError("other", `The card could not be used: ${detail || name || "unknown error"}.`);
  }
}

/** The card's PAR.txt as the app last saw it before changing it: what the service record keeps as "before". */
export interface CardRead {
  /** null: the card had no PAR.txt. */
  bytes: Uint8Array<ArrayBuffer> | null;
  /** The folder's name, or the picked file's name. */
  name: string;
  from: "folder" | "file";
  readAt: Date;
}

export interface CardWritten {
  folderName: string;
  fileName: string;
  byteCount: number;
  sha256: string;
  /** The bytes read back, equal to the ones written. */
  bytes: Uint8Array<ArrayBuffer>;
}

/** How the last read or write at the card ended: what the screen keeps showing until the next one. */
export type CardOutcome =
  | ({ kind: "verified"; at: Date } & Omit<CardWritten, "bytes">)
  | { kind: "write-failed" | "read-failed"; message: string; at: Date };

export interface CardFolderStatus {
  supported: boolean;
  folderName: string | null;
  /** A folder from an earlier visit: the browser asks once more before the app may use it. */
  needsPermission: boolean;
  /** The last look at the card: where, when, and what was odd in its folder. */
  lastSeen: { name: string; from: CardRead["from"]; at: Date; warnings: string[] } | null;
  outcome: CardOutcome | null;
}

async function namesIn(folder: FileSystemDirectoryHandle): Promise<string[]> {
  const names: string[] = [];
  for await (const name of folder.keys()) names.push(name);
  return names;
}

async function bytesOfFile(folder: FileSystemDirectoryHandle, name: string): Promise<Uint8Array<ArrayBuffer>> {
  const file = await (await folder.getFileHandle(name)).getFile();
  return new Uint8Array(await file.arrayBuffer());
}

function createCardFolder(database: UseStore | null) {
  let folder: FileSystemDirectoryHandle | null = null;
  let restored = false;
  let needsPermission = false;
  /** Why the last attempt to open the folder failed; the next read or write reports it. */
  let openFailure: CardFolderError | null = null;
  let lastRead: CardRead | null = null;
  let lastSeen: CardFolderStatus["lastSeen"] = null;
  let outcome: CardOutcome | null = null;

  function seen(read: CardRead, warnings: string[]) {
    lastRead = read;
    lastSeen = { name: read.name, from: read.from, at: read.readAt, warnings };
    outcome = null;
    return { read, warnings };
  }

  function failed(kind: "write-failed" | "read-failed", error: unknown): CardFolderError {
    const failure = cardFolderErrorOf(error);
    outcome = { kind, message: failure.message, at: new Date() };
    return failure;
  }

  async function remember(handle: FileSystemDirectoryHandle) {
    if (!database) return;
    try {
      await set(handleKey, handle, database);
    } catch (error) {
      // A handle that cannot be stored only costs a click on the next visit.
      logger.warn("The card folder is not remembered for the next visit", error);
    }
  }

  /** The open folder, allowed to be read and written; otherwise the reason why not. */
  async function usableFolder(): Promise<FileSystemDirectoryHandle> {
    if (!folder) throw openFailure ?? new CardFolderError("permission", "No card folder is open.");
    const permission = (await folder.queryPermission?.(readwrite)) ?? "granted";
    if (permission !== "granted") {
      needsPermission = true;
      throw new CardFolderError(
        "permission",
        "The browser was not allowed to use the card folder (permission refused).",
      );
    }
    return folder;
  }

  return {
    /** Finds the folder of an earlier visit (once per session); the browser asks again before it is used. */
    async restore(): Promise<void> {
      if (restored || !database) return;
      restored = true;
      try {
        const stored = await get<FileSystemDirectoryHandle>(handleKey, database);
        if (!stored || folder) return;
        folder = stored;
        needsPermission = ((await stored.queryPermission?.(readwrite)) ?? "granted") !== "granted";
      } catch (error) {
        logger.warn("The card folder of the last visit could not be found", error);
      }
    },

    status(): CardFolderStatus {
      return { supported: cardFolderSupported(), folderName: folder?.name ?? null, needsPermission, lastSeen, outcome };
    },

    /**
     * Runs in the click handler (the browser asks only on a user's click): asks
     * again for the known folder, or lets the technician pick the card's root.
     * false when the technician cancelled the picker (nothing to report).
     */
    async open({ chooseAnother = false }: { chooseAnother?: boolean } = {}): Promise<boolean> {
      openFailure = null;
      try {
        if (folder && !chooseAnother) {
          const permission = (await folder.requestPermission?.(readwrite)) ?? "granted";
          needsPermission = permission !== "granted";
          if (permission !== "granted")
            throw new CardFolderError(
              "permission",
              "The browser was not allowed to use the card folder (permission refused).",
            );
          return true;
        }
        const picked = await window.showDirectoryPicker!({ id: "sd-card", mode: "readwrite" });
        folder = picked;
        needsPermission = false;
        await remember(picked);
        return true;
      } catch (error) {
        if (error instanceof Error && error.name === "AbortError") return false;
        openFailure = cardFolderErrorOf(error);
        return true;
      }
    },

    /** Reads the card's PAR.txt (null when there is none) and what the folder holds besides. */
    async read(): Promise<{ read: CardRead; warnings: string[] }> {
      try {
        const card = await usableFolder();
        const names = await namesIn(card);
        const name = names.find(isParFileName);
        const bytes = name ? await bytesOfFile(card, name) : null;
        return seen({ bytes, name: card.name, from: "folder", readAt: new Date() }, cardFolderWarnings(names));
      } catch (error) {
        throw failed("read-failed", error);
      }
    },

    /** The card's PAR.txt picked as a file, where there is no folder access. */
    async readPickedFile(file: File): Promise<{ read: CardRead; warnings: string[] }> {
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const warnings = isParFileName(file.name)
          ? []
          : [`The picked file is named ${file.name}, not PAR.txt: the unit reads only PAR.txt.`];
        return seen({ bytes, name: file.name, from: "file", readAt: new Date() }, warnings);
      } catch (error) {
        throw failed("read-failed", error);
      }
    },

    /**
     * Writes PAR.txt into the card's root, closes it, reads it back and compares
     * byte for byte. Throws a CardFolderError for anything short of that.
     */
    async write(bytes: Uint8Array<ArrayBuffer>): Promise<CardWritten> {
      try {
        const card = await usableFolder();
        const names = await namesIn(card);
        const existing = names.find(isParFileName);
        // The PAR.txt being replaced, for the service record; never copied onto the card.
        const previous = existing ? await bytesOfFile(card, existing) : null;
        const readAt = new Date();
        const fileName = existing ?? parFileName;
        const handle = await card.getFileHandle(fileName, { create: true });
        const writable = await handle.createWritable();
        try {
          await writable.write(bytes);
          await writable.close();
        } catch (error) {
          await writable.abort().catch(() => undefined);
          throw error;
        }
        const readBack = new Uint8Array(await (await handle.getFile()).arrayBuffer());
        if (!sameBytes(readBack, bytes)) {
          throw new CardFolderError(
            "read-back",
            `Reading PAR.txt back gave other bytes than were written (${readBack.length.toLocaleString("en")} bytes read, ${bytes.length.toLocaleString("en")} written).`,
          );
        }
        const proof = {
          folderName: card.name,
          fileName,
          byteCount: readBack.length,
          sha256: await sha256Hex(readBack),
        };
        // The folder as it is now, PAR.txt included.
        seen({ bytes: previous, name: card.name, from: "folder", readAt }, cardFolderWarnings([...names, fileName]));
        outcome = { kind: "verified", at: new Date(), ...proof };
        return { ...proof, bytes: readBack };
      } catch (error) {
        throw failed("write-failed", error);
      }
    },

    /** Forgets what was seen on the card (not the folder): the next unit's card is looked at afresh. */
    startOver(): void {
      lastRead = null;
      lastSeen = null;
      outcome = null;
    },

    /** The card's PAR.txt as last read, or as it was just before the last write replaced it; null before any. */
    lastCardRead: (): CardRead | null => lastRead,
  };
}

// Its own database: idb-keyval makes one store per database.
export const getCardFolder = onFirstUse(() =>
  createCardFolder(openKeyValueStore("technician-toolbox-card", "card-folder")),
);
