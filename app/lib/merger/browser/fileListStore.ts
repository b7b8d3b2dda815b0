/**
 * The file list in the browser (IndexedDB): one document, the history of versions (fileListVersions.ts), beside
 * each file's bytes (`file-bytes:{id}`, an ArrayBuffer, which every engine keeps). Only the editing tab writes
 * (editingLock.ts), so the tab's own history is the truth and storage its copy: each change is stored whole, the
 * document and every byte it needs, in one transaction, or not at all. When the browser will not store, the tab goes
 * on with its list and says since when nothing was saved; after a reload the list is the last saved version, and
 * the screen says that later changes were not saved.
 */
import { promisifyRequest, type UseStore } from "idb-keyval";
import { z } from "zod";
import {
  emptyHistory,
  historyOf,
  idsInHistory,
  type FileListHistory,
  type FileListVersion,
  type NotMade,
} from "~/lib/merger/fileListVersions";
import type { ListedFile } from "~/lib/merger/listedFile";
import { parameterFilePathSchema } from "~/lib/merger/parameterFilePath";
import { parameterSets } from "~/lib/merger/parameterSet";
import { logger } from "~/lib/shell/logger";
import { storageClearedReason, storageFailureReason } from "~/lib/shell/storageFailure";
import { onFirstUse, openKeyValueStore } from "~/lib/shell/browser/indexedDb";
import { createEditingLock, type Editing, type EditingLock } from "./editingLock";
import { fileListTexts } from "~/lib/merger/fileListTexts";
import { tellHeldOnlyInTab } from "~/lib/shell/browser/heldOnlyInTab";
import { keepStorageForGood } from "~/lib/shell/browser/storagePersistence";

const historyKey = "file-list-history";
/** Where older versions of the app kept the list: read once, replaced by the history at the first change. */
const olderListKeys = ["file-list", "file-index", "deleted-file-index"] as const;
const olderLabelKey = "technician-toolbox:service-label";
const bytesKeyPrefix = "file-bytes:";
const bytesKey = (id: string) => `${bytesKeyPrefix}${id}`;
const notSavedNoteKey = "technician-toolbox:file-list-not-saved";
export const noStorageReason = "this browser offers no storage here";
const damagedListReason = "the list stored in this browser is damaged";

let idCounter = 0;
export function newFileId(): string {
  idCounter += 1;
  return `${Date.now().toString(36)}-${idCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

const listedFileSchema = z.object({
  id: z.string(),
  path: parameterFilePathSchema,
  setOverride: z.enum(parameterSets as ["standard", "customer"]).nullable(),
  size: z.number().optional(),
});
const versionSchema = z.object({
  version: z.number().int(),
  files: z.array(listedFileSchema),
  label: z.string(),
  made: z.any().transform((made: unknown) => (made ?? null) as FileListHistory["current"]["made"]),
});
const storedHistorySchema = z.object({
  current: versionSchema,
  earlier: z.array(versionSchema),
  savedAt: z.number(),
});
/** The list as the versions before the history stored it: a document, or an index of files. */
const olderListSchema = z.union([
  z.object({ files: z.array(listedFileSchema), label: z.string() }),
  z.array(listedFileSchema).transform((files) => ({ files, label: null })),
]);
const notSavedNoteSchema = z.object({ since: z.number().nullable() });

/** Storage's answer to a change: stored, or why not (the tab keeps the change either way). */
export interface NotSaved {
  /** When the list was last saved (null: never, in this tab). */
  since: number | null;
  reason: string;
}

export interface FileListStoreView {
  history: FileListHistory;
  editing: Editing;
  /** Set while the tab holds changes the browser would not store. */
  notSaved: NotSaved | null;
  /**
   * The visit before a reload of this tab made changes after this time that were not saved (null: never saved).
   * Said until this tab changes the list.
   */
  notSavedBeforeReload: { since: number | null } | null;
  /**
   * Changes this tab could not save, gone when another tab took editing over (since: as notSaved's). Said until this
   * tab changes the list.
   */
  notSavedGone: { since: number | null } | null;
  /** Another tab edits the list and holds changes the browser would not store: the list read here is older. */
  editorNotSaved: boolean;
}

/** `stored`: the browser stored the change (else the tab holds it alone, and the banner says so). */
export type ChangeResult =
  { made: true; stored: boolean; history: FileListHistory } | { made: false; why: NotMade | "readOnly" };

export interface FileListStore {
  read(): Promise<FileListStoreView>;
  /**
   * Plans a change on the list as it is and keeps it, with the bytes of the files it adds: the store keeps these
   * very buffers, so the caller hands the merge worker copies.
   */
  change(
    plan: (history: FileListHistory) => FileListHistory | NotMade,
    bytes?: ReadonlyMap<string, ArrayBuffer>,
  ): Promise<ChangeResult>;
  /** A fresh copy of each file's bytes, for the merge worker; missing files are left out. */
  bytesOf(ids: readonly string[]): Promise<Map<string, ArrayBuffer>>;
  takeOverEditing(): Promise<void>;
  /** This tab left /files: another tab may edit the list now, unless this one holds changes not saved. */
  releaseEditing(): void;
  /** Calls back when editing moved to or from this tab by another tab's doing; returns the unsubscribe. */
  onEditingMoved(listener: () => void): () => void;
}

function isBlob(value: unknown): value is Blob {
  return typeof value === "object" && value !== null && typeof (value as Blob).arrayBuffer === "function";
}

function readNote(storage: Storage | null): { since: number | null } | null {
  try {
    const note = storage?.getItem(notSavedNoteKey);
    if (!note) return null;
    storage?.removeItem(notSavedNoteKey);
    const parsed = notSavedNoteSchema.safeParse(JSON.parse(note));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeNote(storage: Storage | null, notSaved: NotSaved | null) {
  try {
    if (notSaved) storage?.setItem(notSavedNoteKey, JSON.stringify({ since: notSaved.since }));
    else storage?.removeItem(notSavedNoteKey);
  } catch {
    // Where sessionStorage is refused too, the reload cannot be told; the banner said it beforehand.
  }
}

function olderLabel(): string {
  try {
    const stored = localStorage.getItem(olderLabelKey);
    const parsed: unknown = stored === null ? "" : JSON.parse(stored);
    return typeof parsed === "string" ? parsed : "";
  } catch {
    return "";
  }
}

/** The stored history, or the list an older version stored as its first version; what does not parse is no list. */
function historyFrom(stored: unknown, older: unknown): { history: FileListHistory; savedAt: number | null } {
  if (stored !== undefined) {
    const parsed = storedHistorySchema.safeParse(stored);
    if (parsed.success) return { history: parsed.data, savedAt: parsed.data.savedAt };
    // Damaged: never written over (its files' bytes stay), and the banner says nothing is saved.
    throw new Error(damagedListReason);
  }
  const parsed = olderListSchema.safeParse(older);
  if (!parsed.success) return { history: emptyHistory, savedAt: null };
  const { files, label } = parsed.data;
  return { history: historyOf(files, label ?? (files.length > 0 ? olderLabel() : "")), savedAt: null };
}

function readStored(database: UseStore) {
  return database("readonly", async (store) => {
    const [stored, ...older] = await Promise.all(
      [historyKey, ...olderListKeys].map((key) => promisifyRequest(store.get(key))),
    );
    return historyFrom(
      stored,
      older.find((list) => list !== undefined),
    );
  });
}

/** Stores the history and every byte it needs in one transaction, and lets go of the bytes nothing needs. */
function storeWhole(database: UseStore, history: FileListHistory, bytes: ReadonlyMap<string, ArrayBuffer>) {
  const savedAt = Date.now();
  return database("readwrite", async (store) => {
    let needed = idsInHistory(history);
    const keys = (await promisifyRequest(store.getAllKeys())).filter(
      (key): key is string => typeof key === "string" && key.startsWith(bytesKeyPrefix),
    );
    const storedIds = new Set(keys.map((key) => key.slice(bytesKeyPrefix.length)));
    // Bytes neither held nor stored went with the browser's storage (site data cleared): a version that needs them
    // cannot be stored. The list on screen must be; the versions Undo reaches are stored as far as they can be.
    const available = (version: FileListVersion) => version.files.every(({ id }) => bytes.has(id) || storedIds.has(id));
    if (!available(history.current)) {
      store.transaction.abort();
      throw new Error(storageClearedReason);
    }
    history = { current: history.current, earlier: history.earlier.filter(available) };
    needed = idsInHistory(history);
    try {
      for (const id of needed) {
        const held = bytes.get(id);
        if (held) store.put(held, bytesKey(id));
      }
      for (const id of storedIds) if (!needed.has(id)) store.delete(bytesKey(id));
      store.put({ ...history, savedAt }, historyKey);
      for (const key of olderListKeys) store.delete(key);
    } catch (error) {
      // Nothing of a change that cannot be stored whole is stored (a transaction that ended already stored nothing).
      try {
        store.transaction.abort();
      } catch {
        // Already ended.
      }
      throw error;
    }
    await promisifyRequest(store.transaction);
    return savedAt;
  });
}

export function createFileListStore(
  database: UseStore | null,
  lock: EditingLock,
  session: Storage | null,
): FileListStore {
  /** The editing tab's list: storage holds a copy of it (or an older version, while notSaved says so). */
  let held: FileListHistory | null = null;
  /** Bytes of files not stored yet: kept until a change is stored whole. */
  const unsavedBytes = new Map<string, ArrayBuffer>();
  let savedAt: number | null = null;
  let notSaved: NotSaved | null = database ? null : { since: null, reason: noStorageReason };
  let notSavedBeforeReload = readNote(session);
  /**
   * Storage that could not be read is not written either: a list built on an empty one would replace the saved list.
   * The tab works with what it holds, and the banner says nothing is saved.
   */
  let unreadable = false;
  let notSavedGone: { since: number | null } | null = null;
  /** Set while the tab holds a change the browser did not store: the list being edited is this tab's alone. */
  let changesNotSaved = false;
  /** Set while the tab shows another screen but keeps editing, for the changes it holds. */
  let away = false;

  function tellReloadLoss() {
    tellHeldOnlyInTab("file list", notSaved ? fileListTexts.reloadLoses(notSaved.since) : null);
  }

  async function readStorage(): Promise<FileListHistory> {
    if (!database) return emptyHistory;
    try {
      const read = await readStored(database);
      savedAt = read.savedAt;
      return read.history;
    } catch (error) {
      logger.error("Something went wrong", error);
      unreadable = true;
      notSaved = { since: null, reason: storageFailureReason(error) };
      tellReloadLoss();
      return emptyHistory;
    }
  }

  /** Another tab took editing over: what this tab could not save is gone, and it says so. */
  function editingLost() {
    if (held === null) return;
    if (notSaved && !unreadable) notSavedGone = { since: notSaved.since };
    held = null;
    notSaved = database ? null : notSaved;
    unsavedBytes.clear();
    changesNotSaved = false;
    void lock.holdNotSaved(false);
    tellReloadLoss();
  }

  const movedListeners = new Set<() => void>();
  lock.onMoved((editing) => {
    if (editing === "elsewhere") {
      editingLost();
      // A tab away from /files does not wait to edit again: it asks when the technician comes back.
      if (away) lock.release();
    }
    movedListeners.forEach((listener) => listener());
  });

  async function read(): Promise<FileListStoreView> {
    away = false;
    const editing = await lock.editing();
    // Another tab edits: show what it stored. This tab edits: its own list is the truth.
    const history = editing === "here" ? (held ??= await readStorage()) : await readStorage();
    if (editing === "elsewhere") editingLost();
    return {
      history,
      editing,
      notSaved: editing === "here" ? notSaved : null,
      notSavedBeforeReload,
      notSavedGone,
      editorNotSaved: editing === "elsewhere" && (await lock.editorNotSaved()),
    };
  }

  return {
    read,
    async change(plan, bytes = new Map()) {
      const { history, editing } = await read();
      if (editing !== "here") return { made: false, why: "readOnly" };
      const planned = plan(history);
      if (typeof planned === "string") return { made: false, why: planned };
      held = planned;
      // The notes on how the list came to be are about the list before this change.
      notSavedBeforeReload = null;
      notSavedGone = null;
      for (const [id, added] of bytes) unsavedBytes.set(id, added);
      const needed = idsInHistory(planned);
      for (const id of unsavedBytes.keys()) if (!needed.has(id)) unsavedBytes.delete(id);
      let stored = false;
      if (database && !unreadable) {
        try {
          savedAt = await storeWhole(database, planned, unsavedBytes);
          unsavedBytes.clear();
          notSaved = null;
          stored = true;
          keepStorageForGood();
        } catch (error) {
          logger.error("Something went wrong", error);
          // Storage cleared under the tab holds no saved list any more: a reload loses all of it.
          const cleared = error instanceof Error && error.message === storageClearedReason;
          notSaved = { since: cleared ? null : savedAt, reason: storageFailureReason(error) };
        }
      }
      writeNote(session, notSaved);
      changesNotSaved = !stored;
      await lock.holdNotSaved(changesNotSaved);
      tellReloadLoss();
      return { made: true, stored, history: planned };
    },
    async bytesOf(ids) {
      const found = new Map<string, ArrayBuffer>();
      const toRead = ids.filter((id) => {
        const unsaved = unsavedBytes.get(id);
        if (unsaved) found.set(id, unsaved.slice(0));
        return !unsaved;
      });
      if (database && toRead.length > 0) {
        const stored = await database("readonly", (store) =>
          Promise.all(toRead.map((id) => promisifyRequest(store.get(bytesKey(id))))),
        ).catch(() => []);
        await Promise.all(
          toRead.map(async (id, index) => {
            const value: unknown = stored[index];
            if (value instanceof ArrayBuffer) found.set(id, value);
            // Older versions stored a Blob (or File).
            else if (isBlob(value)) found.set(id, await value.arrayBuffer());
          }),
        );
      }
      return found;
    },
    async takeOverEditing() {
      await lock.takeOver();
      held = null;
    },
    releaseEditing() {
      // A tab holding changes the browser would not store keeps editing while it shows another screen: the list being
      // edited is its own. Another tab takes it only with Edit here, which says what that loses.
      if (changesNotSaved) {
        away = true;
        return;
      }
      held = null;
      lock.release();
    },
    onEditingMoved(listener) {
      movedListeners.add(listener);
      return () => movedListeners.delete(listener);
    },
  };
}

export const getFileListStore = onFirstUse(() =>
  createFileListStore(
    openKeyValueStore("technician-toolbox", "parameter-files"),
    createEditingLock(typeof navigator !== "undefined" ? (navigator.locks ?? null) : null),
    typeof sessionStorage === "undefined" ? null : sessionStorage,
  ),
);

/** The files of the list now, in order. */
export async function listedFiles(): Promise<ListedFile[]> {
  return (await getFileListStore().read()).history.current.files;
}
