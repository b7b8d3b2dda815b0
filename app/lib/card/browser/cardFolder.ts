/**
 * The SD card as a folder, through the File System Access API (Chromium on a
 * desktop): pick the card's root once, read its PAR.txt, write PAR.txt and read
 * it back. The folder's handle is kept for the session and in IndexedDB, so the
 * next visit needs one click to be allowed in again. Nothing but PAR.txt is
 * ever written to the card; the PAR.txt found there before a write is kept in
 * memory (lastCardRead) for the service record. A write that did not finish is
 * kept in IndexedDB too (with the PAR.txt it replaced and its card's
 * fingerprint), so a reload still knows it (replacedParFile).
 *
 * Elsewhere (Firefox, Safari, Android) the card's PAR.txt is picked as a file
 * for the comparison, and the download is the way onto the card.
 */
import { get, set, type UseStore } from "idb-keyval";
import { z } from "zod";
import { logger } from "~/lib/shell/logger";
import { sha256Hex } from "~/lib/shell/browser/sha256";
import { sameBytes } from "~/lib/merger/fileBytes";
import { parFileName } from "~/lib/merger/parFileFormat";
import { cardTexts } from "~/lib/card/cardTexts";
import {
  cardFailureOf,
  cardReloadLoss,
  cardFolderWarnings,
  cardReadFailureReport,
  cardStateAfterFailure,
  cardFolderFingerprint,
  replacedParFile,
  replacedParFileNote,
  mayEndUnfinishedWriteByHand,
  unfinishedWritesAfter,
  type CardFolderFingerprint,
  type ReplacedParFile,
  type SizedCardEntry,
  type UnfinishedCardWrite,
  cardWriteFailureReport,
  isParFileName,
  parFileOnCard,
  type CardEntry,
  type CardFailureCause,
  type CardFailureReport,
  type CardWriteStep,
  type ParFileOnCard,
} from "~/lib/card/unfinishedWrites";
import { onFirstUse, openKeyValueStore } from "~/lib/shell/browser/indexedDb";
import { tellHeldOnlyInTab } from "~/lib/shell/browser/heldOnlyInTab";

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
const unfinishedKey = "unfinished-writes";

const bytesSchema = z.custom<Uint8Array<ArrayBuffer>>((value) => value instanceof Uint8Array);
/** What IndexedDB gives back is checked: a stored list the code no longer reads is none. */
const unfinishedWritesSchema = z.array(
  z.object({
    id: z.string(),
    at: z.date(),
    cardState: z.enum(["written-unverified", "may-be-incomplete"]),
    writing: bytesSchema,
    replaced: bytesSchema.nullable(),
    card: z.object({ folderName: z.string(), others: z.array(z.string()) }),
    recordId: z.string().nullable(),
  }),
);
type UnfinishedWrite = UnfinishedCardWrite<Uint8Array<ArrayBuffer>>;

/** The unfinished writes as stored; nothing stored (storage emptied, or no write ever cut) is none. */
function unfinishedWritesOf(value: unknown): UnfinishedWrite[] {
  const parsed = unfinishedWritesSchema.safeParse(value ?? []);
  if (!parsed.success) logger.warn("The card's unfinished writes stored are not read by this version", parsed.error);
  return parsed.success ? parsed.data : [];
}

/** Whether this browser can open the card as a folder (and so write to it). */
export function cardFolderSupported(): boolean {
  return typeof window !== "undefined" && typeof window.showDirectoryPicker === "function";
}

/** A card step that failed: why, in the technician's words. */
export class CardFolderError extends Error {
  constructor(
    readonly cause: CardFailureCause,
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
  const { cause, message } = cardFailureOf(name, detail);
  return new CardFolderError(cause, message);
}

/** A write that failed: what the card holds now, and the card's PAR.txt the tool had read before, never lost. */
export class CardWriteError extends Error {
  constructor(
    readonly report: CardFailureReport,
    readonly previous: CardRead | null,
  ) {
    super(`${report.title}. ${report.cause}`);
    this.name = "CardWriteError";
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
  /** What the service record must say of these bytes (replacedParFileNote), or null. */
  note?: string | null;
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

/**
 * Asked with the card's PAR.txt just before a write: a reason not to write (nothing is changed then), or null.
 * Rolling back a record's write passes one, so only the card that write left behind is written back.
 */
export type CardWriteGuard = (current: Uint8Array<ArrayBuffer> | null, onCard: ParFileOnCard) => Promise<string | null>;

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

async function entriesIn(folder: FileSystemDirectoryHandle): Promise<CardEntry[]> {
  const entries: CardEntry[] = [];
  for await (const handle of folder.values()) entries.push({ name: handle.name, kind: handle.kind });
  return entries;
}

/** The top folder's entries with their sizes, for the card's fingerprint; a file that cannot be looked at has none. */
async function sizedEntriesIn(folder: FileSystemDirectoryHandle): Promise<SizedCardEntry[]> {
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

async function removed({ card, fileName }: { card: FileSystemDirectoryHandle; fileName: string }) {
  try {
    await card.removeEntry(fileName);
    return true;
  } catch (error) {
    logger.warn("The empty PAR.txt made for a write could not be taken off the card", error);
    return false;
  }
}

async function bytesOfFile(folder: FileSystemDirectoryHandle, name: string): Promise<Uint8Array<ArrayBuffer>> {
  const file = await (await folder.getFileHandle(name)).getFile();
  return new Uint8Array(await file.arrayBuffer());
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
  /**
   * The writes that may have changed a card without a verified PAR.txt (replacedParFile): read from IndexedDB once
   * (where the next visit finds them), then kept here and stored again after each change.
   */
  let unfinished: UnfinishedWrite[] = [];
  let unfinishedRead: Promise<void> | null = null;
  /** The unfinished write the failure on screen (outcome) is about: the screen says it once. */
  let unfinishedOfOutcome: string | null = null;
  /** The browser's storage refused the unfinished writes last kept: only this tab knows them. */
  let unfinishedOnlyHere = false;

  /** A reload the app offers names what only this tab holds of the card (cardReloadLoss). */
  function tellHeld() {
    const previousOnlyHere =
      outcome?.kind === "failed" && outcome.previous && outcome.record && !outcome.record.kept
        ? outcome.previous.bytes.length
        : null;
    tellHeldOnlyInTab(
      "card",
      cardReloadLoss({ previousOnlyHere, unfinishedOnlyHere: unfinishedOnlyHere && unfinished.length > 0 }),
    );
  }

  function setOutcome(next: CardOutcome | null) {
    outcome = next;
    tellHeld();
  }

  function readUnfinished(): Promise<void> {
    unfinishedRead ??= (async () => {
      if (!database) return;
      try {
        unfinished = unfinishedWritesOf(await get(unfinishedKey, database));
      } catch (error) {
        logger.warn("The card's unfinished writes could not be read", error);
      }
    })();
    return unfinishedRead;
  }

  /** Changes the unfinished writes and stores them; where storage refuses, this tab keeps the change. */
  async function changeUnfinished(change: (writes: readonly UnfinishedWrite[]) => UnfinishedWrite[]) {
    await readUnfinished();
    unfinished = change(unfinished);
    if (database) {
      try {
        await set(unfinishedKey, unfinished, database);
        unfinishedOnlyHere = false;
      } catch (error) {
        // This tab still knows them; a reload would not, and a reload offer says so.
        logger.warn("The card's unfinished writes could not be stored", error);
        unfinishedOnlyHere = true;
      }
    }
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

  async function readFolder(): Promise<{ read: CardRead; entries: CardEntry[] }> {
    const card = await usableFolder();
    const entries = await entriesIn(card);
    const { fileName } = parFileOnCard(entries);
    const bytes = fileName ? await bytesOfFile(card, fileName) : null;
    return { read: { bytes, name: card.name, from: "folder", readAt: new Date() }, entries };
  }

  return {
    /** Finds the folder of an earlier visit (once per session); the browser asks again before it is used. */
    async restore(): Promise<void> {
      await readUnfinished();
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
        const { read, entries } = await readFolder();
        return seen(read, cardFolderWarnings(entries));
      } catch (error) {
        throw readFailed(error);
      }
    },

    /** Reads the card's PAR.txt without changing what /files shows of the card (a record's write back asks). */
    async look(): Promise<{ read: CardRead; onCard: ParFileOnCard }> {
      try {
        const { read, entries } = await readFolder();
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
     * Writes PAR.txt into the card's root, closes it, reads it back and compares byte for byte. Throws a
     * CardWriteError for anything short of that, saying what the card holds now (by the step that failed)
     * and keeping the card's PAR.txt read before the write. `shownOnFiles: false` (a record's write back) leaves
     * what /files shows about the card as it was: that write is not the merge's.
     */
    async write(
      bytes: Uint8Array<ArrayBuffer>,
      guard?: CardWriteGuard,
      { shownOnFiles = true }: { shownOnFiles?: boolean } = {},
    ): Promise<CardWritten> {
      let step: CardWriteStep = "before-write";
      let previous: CardRead | null = null;
      let createdIn: { card: FileSystemDirectoryHandle; fileName: string } | null = null;
      let before: {
        card: CardFolderFingerprint;
        replaced: ReplacedParFile<Uint8Array<ArrayBuffer>>;
      } | null = null;
      try {
        const card = await usableFolder();
        const entries = await sizedEntriesIn(card);
        const onCard = parFileOnCard(entries);
        if (!onCard.fileName && onCard.folderName)
          throw new CardFolderError("folder-named-par", cardTexts.folderNamedPar(onCard.folderName));
        // The PAR.txt being replaced, for the service record; never copied onto the card.
        const current = onCard.fileName ? await bytesOfFile(card, onCard.fileName) : null;
        // What the card holds, and whether an unfinished write may have left it (the record then says so).
        const fingerprint = cardFolderFingerprint(card.name, entries);
        await readUnfinished();
        const replaced = replacedParFile(current, fingerprint, unfinished);
        before = { card: fingerprint, replaced };
        previous = {
          bytes: replaced.bytes,
          name: card.name,
          from: "folder",
          readAt: new Date(),
          note: replacedParFileNote(replaced),
        };
        const refusal = guard ? await guard(current, onCard) : null;
        if (refusal) throw new CardFolderError("not-the-records-card", refusal);
        const fileName = onCard.fileName ?? parFileName;
        const handle = await card.getFileHandle(fileName, { create: true });
        if (!onCard.fileName) createdIn = { card, fileName };
        const writable = await handle.createWritable();
        step = "writing";
        try {
          await writable.write(bytes);
        } catch (error) {
          await writable.abort().catch(() => undefined);
          throw error;
        }
        step = "closing";
        await writable.close();
        step = "reading-back";
        const readBack = new Uint8Array(await (await handle.getFile()).arrayBuffer());
        if (!sameBytes(readBack, bytes))
          throw new CardFolderError("read-back-differs", cardTexts.readBackDiffers(readBack.length, bytes.length));
        // This card is written: the unfinished write it may be the card of is done with (cannot-tell included, or
        // a good retry would leave the alert forever); other cards' stay.
        if (replaced.kind === "cannot-tell")
          await changeUnfinished((writes) => unfinishedWritesAfter(writes, replaced, null));
        const proof = {
          folderName: card.name,
          fileName,
          byteCount: readBack.length,
          sha256: await sha256Hex(readBack),
        };
        // The folder as it is now, PAR.txt included.
        const entriesNow: CardEntry[] = createdIn ? [...entries, { name: fileName, kind: "file" }] : entries;
        if (shownOnFiles) {
          seen(previous, cardFolderWarnings(entriesNow));
          setOutcome({ kind: "verified", at: new Date(), ...proof });
        }
        return { ...proof, bytes: readBack };
      } catch (error) {
        const failure = cardFolderErrorOf(error);
        // A card that had no PAR.txt got an empty one to write into: take it away again, or say it is there.
        const emptyFileLeft =
          createdIn !== null && (step === "before-write" || step === "writing") && !(await removed(createdIn));
        const report = cardWriteFailureReport(
          cardStateAfterFailure({ step, cause: failure.cause, emptyFileLeft }),
          failure,
          // Whether the card held a PAR.txt is known once the tool has looked at its folder.
          before ? before.replaced.bytes !== null : null,
        );
        if ((report.cardState === "written-unverified" || report.cardState === "may-be-incomplete") && before) {
          const write: UnfinishedWrite = {
            id: crypto.randomUUID(),
            at: new Date(),
            cardState: report.cardState,
            writing: bytes,
            replaced: previous?.bytes ?? null,
            card: before.card,
            recordId: null,
          };
          const { replaced } = before;
          await changeUnfinished((writes) => unfinishedWritesAfter(writes, replaced, write));
          if (shownOnFiles) unfinishedOfOutcome = write.id;
        }
        const kept = previous?.bytes ? { bytes: previous.bytes, readAt: previous.readAt } : null;
        if (shownOnFiles) setOutcome({ kind: "failed", report, at: new Date(), previous: kept, record: null });
        throw new CardWriteError(report, previous);
      }
    },

    /** The failed write /files shows got its service record (or none could be saved): its alert says so. */
    async recordedFailedWrite(record: FailedWriteRecord): Promise<void> {
      if (outcome?.kind === "failed") setOutcome({ ...outcome, record });
      // After a reload, the unfinished write links to its record.
      if (!record.kept || !unfinishedOfOutcome) return;
      const id = unfinishedOfOutcome;
      await changeUnfinished((writes) =>
        writes.map((write) => (write.id === id ? { ...write, recordId: record.id } : write)),
      );
    },

    /** The technician ends an unfinished write's note (mayEndUnfinishedWriteByHand): its record keeps the rest. */
    async endUnfinishedWrite(id: string): Promise<void> {
      await changeUnfinished((writes) =>
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

// Its own database: idb-keyval makes one store per database.
export const getCardFolder = onFirstUse(() =>
  createCardFolder(openKeyValueStore("technician-toolbox-card", "card-folder")),
);
