/**
 * The SD card as a folder, through the File System Access API (Chromium on a desktop): pick the card's root once,
 * read its PAR.txt, write PAR.txt and read it back (writeAndReadBack). The folder's handle is kept for the session
 * and in IndexedDB, so the next visit needs one click to be allowed in again. The PAR.txt found there before a
 * write is kept in memory (lastCardRead) for the service record; a write that did not finish is kept in IndexedDB
 * too (unfinishedWriteStore), so a reload still knows it.
 *
 * Elsewhere (Firefox, Safari, Android) the card's PAR.txt is picked as a file for the comparison, and the download
 * is the way onto the card.
 */
import { get, set, type UseStore } from "idb-keyval";
import { cardReadFailureReport, type CardFailureReport } from "~/lib/card/cardFailures";
import type { CardFolderFingerprint } from "~/lib/card/cardFingerprint";
import {
  cardFolderWarnings,
  isParFileName,
  parFileOnCard,
  type CardRead,
  type ParFileOnCard,
} from "~/lib/card/cardFolderContents";
import { CardFolderError, cardFolderErrorOf, CardWriteError } from "~/lib/card/cardFolderErrors";
import { cardTexts } from "~/lib/card/cardTexts";
import { cardReloadLoss, mayEndUnfinishedWriteByHand } from "~/lib/card/unfinishedWrites";
import { tellHeldOnlyInTab } from "~/lib/shell/browser/heldOnlyInTab";
import { onFirstUse, openKeyValueStore } from "~/lib/shell/browser/indexedDb";
import { logger } from "~/lib/shell/logger";
import { cardFolderSupported, readCardFolder, readwrite } from "./cardFolderFiles";
import { createUnfinishedWriteStore, type UnfinishedWrite } from "./unfinishedWriteStore";
import { writeAndReadBack, type CardWriteGuard, type CardWritten } from "./writeAndReadBack";

const handleKey = "card-folder";

/** How the last read or write at the card ended: what the screen keeps showing until the next one. */
export type CardOutcome =
  | ({ kind: "verified"; at: Date } & Omit<CardWritten, "bytes">)
  | {
      kind: "failed";
      report: CardFailureReport;
      at: Date;
      /** The card's PAR.txt as read just before a write that failed (null: not read, or the card had none). */
      previous: { bytes: Uint8Array<ArrayBuffer>; readAt: Date } | null;
      /** The service record of a write that may have changed the card, once it is made (null: none, or not yet). */
      record: FailedWriteRecord | null;
    };

/** The service record of a failed write that may have changed the card: kept (with a note), or why not. */
export type FailedWriteRecord = { kept: true; id: string; note: string | null } | { kept: false; reason: string };

export interface CardFolderStatus {
  supported: boolean;
  folderName: string | null;
  /** A folder from an earlier visit: the browser asks once more before the app may use it. */
  needsPermission: boolean;
  /** The last look at the card: where, when, and what was odd in its folder. */
  lastSeen: { name: string; from: CardRead["from"]; at: Date; warnings: string[] } | null;
  outcome: CardOutcome | null;
  /** Writes that did not finish, newest first, as far as the outcome does not show them already. */
  unfinished: {
    id: string;
    at: Date;
    cardState: UnfinishedWrite["cardState"];
    card: CardFolderFingerprint;
    recordId: string | null;
    /** The size of the card's PAR.txt from before the write, which the tool keeps; null: the card had none. */
    replacedSize: number | null;
  }[];
}

export function createCardFolder(database: UseStore | null) {
  let folder: FileSystemDirectoryHandle | null = null;
  let restored = false;
  let needsPermission = false;
  /** Why the last attempt to open the folder failed; the next read or write reports it. */
  let openFailure: CardFolderError | null = null;
  /** The picker or the browser's question still open: a second tap meanwhile waits for the same answer. */
  let opening: Promise<boolean> | null = null;
  let lastRead: CardRead | null = null;
  let lastSeen: CardFolderStatus["lastSeen"] = null;
  let outcome: CardOutcome | null = null;
  /** The unfinished write the failure on screen (outcome) is about: the screen says it once. */
  let unfinishedOfOutcome: string | null = null;
  const unfinished = createUnfinishedWriteStore(database, tellHeld);

  /** A reload the app offers names what only this tab holds of the card (cardReloadLoss). */
  function tellHeld() {
    const previousOnlyHere =
      outcome?.kind === "failed" && outcome.previous && outcome.record && !outcome.record.kept
        ? outcome.previous.bytes.length
        : null;
    tellHeldOnlyInTab("card", cardReloadLoss({ previousOnlyHere, unfinishedOnlyHere: unfinished.onlyHere() }));
  }

  function setOutcome(next: CardOutcome | null) {
    outcome = next;
    tellHeld();
  }

  function seen(read: CardRead, warnings: string[]) {
    lastRead = read;
    lastSeen = { name: read.name, from: read.from, at: read.readAt, warnings };
    setOutcome(null);
    return { read, warnings };
  }

  function readFailed(error: unknown): CardFolderError {
    const failure = cardFolderErrorOf(error);
    setOutcome({
      kind: "failed",
      report: cardReadFailureReport(failure),
      at: new Date(),
      previous: null,
      record: null,
    });
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
    if (!folder) throw openFailure ?? new CardFolderError("permission", cardTexts.noFolderOpen);
    const permission = (await folder.queryPermission?.(readwrite)) ?? "granted";
    if (permission !== "granted") {
      needsPermission = true;
      throw new CardFolderError("permission", cardTexts.causes.permission);
    }
    return folder;
  }

  /** Asks again for the known folder, or lets the technician pick the card's root; false when cancelled. */
  async function openFolder(chooseAnother: boolean): Promise<boolean> {
    openFailure = null;
    try {
      if (folder && !chooseAnother) {
        const permission = (await folder.requestPermission?.(readwrite)) ?? "granted";
        needsPermission = permission !== "granted";
        if (permission !== "granted") throw new CardFolderError("permission", cardTexts.causes.permission);
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
  }

  return {
    /** Finds the folder of an earlier visit (once per session); the browser asks again before it is used. */
    async restore(): Promise<void> {
      await unfinished.list();
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
      const shownByOutcome = outcome?.kind === "failed" ? unfinishedOfOutcome : null;
      return {
        supported: cardFolderSupported(),
        folderName: folder?.name ?? null,
        needsPermission,
        lastSeen,
        outcome,
        unfinished: unfinished
          .known()
          .filter(({ id }) => id !== shownByOutcome)
          .map(({ id, at, cardState, card, recordId, replaced }) => ({
            id,
            at,
            cardState,
            card,
            recordId,
            replacedSize: replaced?.length ?? null,
          })),
      };
    },

    /**
     * Runs in the click handler (the browser asks only on a user's click): asks
     * again for the known folder, or lets the technician pick the card's root.
     * false when the technician cancelled the picker (nothing to report).
     */
    open({ chooseAnother = false }: { chooseAnother?: boolean } = {}): Promise<boolean> {
      opening ??= openFolder(chooseAnother).finally(() => {
        opening = null;
      });
      return opening;
    },

    /** Reads the card's PAR.txt (null when there is none) and what the folder holds besides. */
    async read(): Promise<{ read: CardRead; warnings: string[] }> {
      try {
        const { read, entries } = await readCardFolder(await usableFolder());
        return seen(read, cardFolderWarnings(entries));
      } catch (error) {
        throw readFailed(error);
      }
    },

    /** Reads the card's PAR.txt without changing what /files shows of the card (a record's write back asks). */
    async look(): Promise<{ read: CardRead; onCard: ParFileOnCard }> {
      try {
        const { read, entries } = await readCardFolder(await usableFolder());
        return { read, onCard: parFileOnCard(entries) };
      } catch (error) {
        throw cardFolderErrorOf(error);
      }
    },

    /** The card's PAR.txt picked as a file, where there is no folder access. */
    async readPickedFile(file: File): Promise<{ read: CardRead; warnings: string[] }> {
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const warnings = isParFileName(file.name) ? [] : [cardTexts.pickedFileNotPar(file.name)];
        return seen({ bytes, name: file.name, from: "file", readAt: new Date() }, warnings);
      } catch (error) {
        throw readFailed(error);
      }
    },

    /**
     * Writes PAR.txt into the card's root and reads it back (writeAndReadBack). `shownOnFiles: false` (a record's
     * write back) leaves what /files shows about the card as it was: that write is not the merge's.
     */
    async write(
      bytes: Uint8Array<ArrayBuffer>,
      guard?: CardWriteGuard,
      { shownOnFiles = true }: { shownOnFiles?: boolean } = {},
    ): Promise<CardWritten> {
      try {
        const { written, previous, entries } = await writeAndReadBack(usableFolder, bytes, unfinished, guard);
        if (shownOnFiles) {
          const { folderName, fileName, byteCount, sha256 } = written;
          seen(previous, cardFolderWarnings(entries));
          setOutcome({ kind: "verified", at: new Date(), folderName, fileName, byteCount, sha256 });
        }
        return written;
      } catch (error) {
        if (shownOnFiles && error instanceof CardWriteError) {
          // A failure that left no unfinished write hides none: an earlier one is still on its card.
          unfinishedOfOutcome = error.unfinishedId;
          const { previous } = error;
          const kept = previous?.bytes ? { bytes: previous.bytes, readAt: previous.readAt } : null;
          setOutcome({ kind: "failed", report: error.report, at: new Date(), previous: kept, record: null });
        }
        throw error;
      }
    },

    /** The failed write /files shows got its service record (or none could be saved): its alert says so. */
    async recordedFailedWrite(record: FailedWriteRecord): Promise<void> {
      if (outcome?.kind === "failed") setOutcome({ ...outcome, record });
      // After a reload, the unfinished write links to its record.
      if (!record.kept || !unfinishedOfOutcome) return;
      const id = unfinishedOfOutcome;
      await unfinished.change((writes) =>
        writes.map((write) => (write.id === id ? { ...write, recordId: record.id } : write)),
      );
    },

    /** The technician ends an unfinished write's note (mayEndUnfinishedWriteByHand): its record keeps the rest. */
    async endUnfinishedWrite(id: string): Promise<void> {
      await unfinished.change((writes) =>
        writes.filter((write) => write.id !== id || !mayEndUnfinishedWriteByHand(write)),
      );
    },

    /**
     * Forgets what was seen on the card (not the folder): the next unit's card is looked at afresh. Unfinished
     * writes stay: each belongs to its card, which still holds what the write left.
     */
    startOver(): void {
      lastRead = null;
      lastSeen = null;
      setOutcome(null);
    },

    /** The card's PAR.txt as last read, or as it was just before the last write replaced it; null before any. */
    lastCardRead: (): CardRead | null => lastRead,
  };
}

/** The card folder, as the routes hand it to the handlers of the features that use the card. */
export type CardFolder = ReturnType<typeof createCardFolder>;

// Its own database: idb-keyval makes one store per database.
export const getCardFolder = onFirstUse(() =>
  createCardFolder(openKeyValueStore("technician-toolbox-card", "card-folder")),
);
