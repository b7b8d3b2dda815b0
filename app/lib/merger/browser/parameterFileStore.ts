/**
 * The added files, kept in the browser (IndexedDB) so the list survives navigation and reload until the
 * technician deletes it. The rules (one truth, what happens when storage fails) are in fileListState.ts;
 * this is where they meet IndexedDB, the other tabs and the next visit.
 *
 * - The list is one document (key `file-list`: files, label, what Undo brings back, its mark) beside each file's
 *   bytes (`file-bytes:{id}`), stored as an ArrayBuffer, which every engine keeps (WebKit refuses a File
 *   in some contexts). Lists stored by older versions (an index, bytes as Blobs) are still read.
 * - Each change is one readwrite transaction: read the document, plan, write the document and the bytes.
 * - Other tabs are told after every stored change and read the list again; so is this tab when the browser
 *   closes the database under it (site data cleared) or another page deletes it (the connection gives way, see
 *   shell/browser/indexedDb.ts), which is how it finds out at once what is no longer stored.
 * - What this tab shows but could not store is noted in sessionStorage, which outlives a reload of the
 *   tab, so the next visit names what it cannot bring back.
 */
import { getMany, promisifyRequest, type UseStore } from "idb-keyval";
import { z } from "zod";
import { createFileListKeeper, type FileListStorage } from "~/lib/merger/fileListKeeper";
import {
  cannotComeBack,
  undoBringsBack,
  lastVisitNote,
  listedFiles,
  notKeptAfterReload,
  noteOfLastVisit,
  notStoredView,
  unstoredIds,
  waitingForUndo,
  type DeletedFiles,
  type ChangeOutcome,
  type FileListChange,
  type FileListTab,
  type NotKeptAfterReload as NotKeptOfLastVisit,
  type NotStoredView,
  type StoredFileList,
} from "~/lib/merger/fileListState";
import type { ListedFile } from "~/lib/merger/listedFile";
import type { FileBytes } from "~/lib/merger/mergeSession";
import { closeReplacedHere, replacedStillTrue, replacedToSay, type ReplacedHere } from "~/lib/merger/replacedHere";
import { parameterSets } from "~/lib/merger/parameterSet";
import { parameterFilePathSchema } from "~/lib/merger/parameterFilePath";
import { fileListReloadLoss } from "~/lib/merger/fileListStorageText";
import { logger } from "~/lib/shell/logger";
import { storageFailureReason } from "~/lib/shell/storageFailure";
import { tellHeldOnlyInTab } from "~/lib/shell/browser/heldOnlyInTab";
import { onFirstUse, openKeyValueStore } from "~/lib/shell/browser/indexedDb";
import { webLocks } from "./interruptedLoad";
import { getMergeClient } from "./mergeClient";
import { keepStorageForGood } from "./storagePersistence";

const listKey = "file-list";
// What older versions stored: the list, and the list before Delete all; the label lived in localStorage.
const legacyIndexKey = "file-index";
const legacyDeletedIndexKey = "deleted-file-index";
const legacyLabelKey = "technician-toolbox:service-label";
const bytesKey = (id: string) => `file-bytes:${id}`;
const changeChannelName = "technician-toolbox:parameter-files";
const notStoredNoteKey = "technician-toolbox:files-not-stored";
const noStorageReason = "this browser offers no storage here";
const visitLockName = (visit: string) => `technician-toolbox:file-list-visit:${visit}`;
/** How long to wait before each read after the browser closed the database under the tab. */
const readAfterCloseMs = [250, 1000, 4000];

/** What the screen shows of the list's storage. */
export interface FileListStorageView {
  /** Why the stored list could not be read (no storage here, or refused): the list then lasts as long as the tab. */
  unreadable: string | null;
  /** Whether the stored list was read before (then the list on screen is the one last stored). */
  readBefore: boolean;
  notStored: NotStoredView | null;
  /** Files listed here that storage does not hold. */
  notStoredIds: string[];
  /** Files listed here whose stored bytes went with storage: a file added under one's path takes its place. */
  contentsGoneIds: string[];
}

export interface FileListView {
  files: ListedFile[];
  label: string;
  /** Grows with every change the tab sees: the label input tells an older list from a newer one by it. */
  version: number;
  storage: FileListStorageView;
  /** Whether Undo of the last Delete all would bring anything back. */
  undoBringsBack: boolean;
  /** Files waiting for Undo that it cannot bring back: their bytes went with the browser's storage. */
  cannotComeBack: string[];
  /** What waits for Undo of the last Delete all (which Delete all took it, its files and label), as this tab sees it. */
  waitingForUndo: DeletedFiles | null;
  /**
   * Files of this tab (held only in the merge) that another tab's stored file of their path took the place of and
   * changed PAR.txt here: said until the notice is closed (replacedHere.ts).
   */
  replacedHere: ReplacedHere[];
}

/** What the last visit of this tab showed and could not store, and a reload cannot bring back. */
export interface NotKeptAfterReload extends NotKeptOfLastVisit {
  since: number;
  reason: string;
}

export interface ParameterFileStore {
  /** Reads the stored list afresh; never rejects (a refusal is in the view). */
  read(): Promise<FileListView>;
  list(): Promise<ListedFile[]>;
  /** The list as this tab shows it now, without reading storage. */
  view(): FileListView;
  /**
   * Makes one change of the list. `bytes` are those of the files it adds; the caller may transfer them
   * (to the merge worker) once this has settled: storage, or this store, keeps its own copy.
   */
  change(change: FileListChange, bytes?: ReadonlyMap<string, ArrayBuffer>): Promise<ChangeOutcome>;
  /** A fresh copy of each file's bytes, for the merge worker to take over; missing files are left out. */
  bytesOf(ids: readonly string[]): Promise<Map<string, ArrayBuffer>>;
  /** Once a visit: what the visit before it in this tab (a reload) showed but never stored. */
  takeNotKeptAfterReload(): Promise<NotKeptAfterReload | null>;
  /**
   * Calls back when another tab changed the stored list, or the browser closed the database under this tab (its
   * data was cleared); returns the unsubscribe.
   */
  onChangedElsewhere(callback: () => void): () => void;
  /** Closes the notice of the files replaced here, as shown up to `serial`. */
  closeReplacedHere(serial: number): void;
}

export interface ParameterFileStoreOptions {
  /** Whether each file's bytes read as the merge read the file of its id (null: it cannot tell). */
  readsAsListed?(files: FileBytes[]): Promise<(boolean | null)[]>;
}

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
const storedListSchema = z.object({
  files: z.array(listedFileSchema),
  label: z.string(),
  deleted: z
    .object({
      files: z.array(listedFileSchema),
      label: z.string(),
      id: z.string().optional(),
      putBack: z
        .array(
          z.object({ id: z.string(), place: z.object({ before: z.array(z.string()), after: z.array(z.string()) }) }),
        )
        .optional(),
    })
    .nullable(),
  mark: z.string().optional(),
});
const notedFileSchema = z.object({ id: z.string(), path: parameterFilePathSchema });
const notStoredNoteSchema = z.union([
  z.object({
    files: z.array(notedFileSchema),
    label: z.string().nullable(),
    takenOut: z.array(notedFileSchema),
    since: z.number(),
    reason: z.string(),
    visit: z.string().optional(),
  }),
  // A note left by an older version (a reload to a new version reads it): paths only, matched by path.
  z
    .object({
      paths: z.array(parameterFilePathSchema),
      label: z.string().nullable(),
      // Notes left before deletions could be kept in the tab have none.
      takenOut: z.array(parameterFilePathSchema).default([]),
      since: z.number(),
      reason: z.string(),
    })
    .transform(({ paths, takenOut, ...rest }) => ({
      ...rest,
      files: paths.map((path) => ({ path })),
      takenOut: takenOut.map((path) => ({ path })),
    })),
]);

/** The label an older version kept in localStorage (as JSON), for a list stored before labels belonged to it. */
function legacyLabel(): string {
  try {
    const stored = localStorage.getItem(legacyLabelKey);
    const parsed: unknown = stored === null ? "" : JSON.parse(stored);
    return typeof parsed === "string" ? parsed : "";
  } catch {
    return "";
  }
}

function forgetLegacyLabel() {
  try {
    localStorage.removeItem(legacyLabelKey);
  } catch {
    // Nothing to forget where localStorage is refused.
  }
}

/** The stored document, or the list as an older version stored it; what does not parse counts as no list. */
function storedListOf(document: unknown, legacyIndex: unknown, legacyDeleted: unknown): StoredFileList {
  if (document !== undefined) {
    const parsed = storedListSchema.safeParse(document);
    if (parsed.success) return parsed.data;
    logger.warn("Skipped an unreadable stored file list", parsed.error);
    return { files: [], label: "", deleted: null };
  }
  const files = z
    .array(listedFileSchema)
    .catch([])
    .parse(legacyIndex ?? []);
  const deleted = z
    .array(listedFileSchema)
    .catch([])
    .parse(legacyDeleted ?? []);
  return {
    files,
    label: files.length > 0 ? legacyLabel() : "",
    deleted: deleted.length > 0 ? { files: deleted, label: "" } : null,
  };
}

/** Reads the document (and an older version's keys, and whether there are any) inside a transaction. */
function readStoredList(objectStore: IDBObjectStore, done: (list: StoredFileList, legacy: boolean) => void) {
  const document = objectStore.get(listKey);
  const legacyIndex = objectStore.get(legacyIndexKey);
  const legacyDeleted = objectStore.get(legacyDeletedIndexKey);
  // Requests of one transaction complete in order: the last one's success means all three are there.
  legacyDeleted.onsuccess = () =>
    done(
      storedListOf(document.result, legacyIndex.result, legacyDeleted.result),
      legacyIndex.result !== undefined || legacyDeleted.result !== undefined,
    );
}

/**
 * The file list in IndexedDB. `onClosed` is called when the browser closes the database under the tab (its data
 * was cleared or evicted) or another page deletes it: reading the list again then finds out what is gone and says so.
 */
function indexedDbFileList(database: UseStore, onClosed: () => void): FileListStorage {
  const watched = new WeakSet<IDBDatabase>();
  const watch = (objectStore: IDBObjectStore) => {
    const connection = objectStore.transaction.db;
    if (watched.has(connection)) return;
    watched.add(connection);
    // Closed by the browser (site data cleared), or by this tab for another page deleting the database
    // (shell/browser/indexedDb.ts): told once either way.
    let told = false;
    const tell = () => {
      if (told) return;
      told = true;
      onClosed();
    };
    connection.addEventListener("close", tell);
    connection.addEventListener("versionchange", tell);
  };
  return {
    read: () =>
      database("readonly", (objectStore) => {
        watch(objectStore);
        let list: StoredFileList | undefined;
        readStoredList(objectStore, (read) => (list = read));
        return promisifyRequest(objectStore.transaction).then(() => list!);
      }),
    transact: (plan, bytesOf) =>
      database(
        "readwrite",
        (objectStore) =>
          new Promise<StoredFileList>((resolve, reject) => {
            watch(objectStore);
            const transaction = objectStore.transaction;
            let fresh: StoredFileList | undefined;
            // A step that throws aborts the transaction; the step's own error says why, not the abort's.
            let failure: unknown;
            readStoredList(objectStore, (read, legacy) => {
              fresh = read;
              try {
                const write = plan(read);
                if (!write) return;
                for (const id of write.putBytes) {
                  const bytes = bytesOf(id);
                  if (!bytes) throw new Error(`the bytes of a file to store were not at hand (${id})`);
                  objectStore.put(bytes, bytesKey(id));
                }
                for (const id of write.deleteBytes) objectStore.delete(bytesKey(id));
                objectStore.put(write.list, listKey);
                // The document now holds the list an older version kept under these keys.
                if (legacy) [legacyIndexKey, legacyDeletedIndexKey].forEach((key) => objectStore.delete(key));
              } catch (error) {
                failure = error;
                transaction.abort();
              }
            });
            transaction.oncomplete = () => resolve(fresh!);
            transaction.onabort = () => reject(failure ?? transaction.error);
          }),
      ),
  };
}

function readNote(storage: Storage | null) {
  try {
    const note = storage?.getItem(notStoredNoteKey);
    storage?.removeItem(notStoredNoteKey);
    const parsed = notStoredNoteSchema.safeParse(note ? JSON.parse(note) : null);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeNote(storage: Storage | null, tab: FileListTab, visit: string) {
  try {
    const note = lastVisitNote(tab);
    if (note) storage?.setItem(notStoredNoteKey, JSON.stringify({ ...note, visit }));
    else storage?.removeItem(notStoredNoteKey);
  } catch {
    // Without sessionStorage a reload cannot name what it lost; the screen said so before it.
  }
}

/** A Blob or File, as older versions stored them (told by shape: a Blob read back may come from another realm). */
function isBlob(value: unknown): value is Blob {
  return typeof value === "object" && value !== null && typeof (value as Blob).arrayBuffer === "function";
}

function viewOf(tab: FileListTab, version: number, replacedHere: ReplacedHere[]): FileListView {
  const notStored = unstoredIds(tab.shown);
  return {
    replacedHere,
    files: listedFiles(tab.shown),
    label: tab.shown.label,
    version,
    undoBringsBack: undoBringsBack(tab.shown),
    cannotComeBack: cannotComeBack(tab.shown),
    waitingForUndo: waitingForUndo(tab.shown),
    storage: {
      unreadable: tab.unreadable,
      readBefore: tab.readBefore,
      notStored: notStoredView(tab),
      // Files whose bytes went with storage cannot be stored again.
      notStoredIds: tab.shown.files
        .filter((file) => notStored.has(file.id) && !file.onlyInMerge)
        .map((file) => file.id),
      contentsGoneIds: tab.shown.files.filter((file) => file.onlyInMerge).map((file) => file.id),
    },
  };
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    // Some browsers throw on the mere access when storage is blocked.
    return null;
  }
}

export function createParameterFileStore(
  database: UseStore | null,
  options: ParameterFileStoreOptions = {},
): ParameterFileStore {
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(changeChannelName);
  const session = sessionStorageOrNull();
  const lastVisitNote = readNote(session);
  // This visit holds a lock of its own while it is open: a tab that inherits its note (Duplicate tab) finds the
  // lock held and knows the files named are still in this tab, not lost with a reload.
  const visit = newFileId();
  const locks = typeof navigator !== "undefined" && navigator.locks ? webLocks(navigator.locks) : null;
  locks?.hold(visitLockName(visit), new Promise(() => undefined)).catch(() => undefined);
  let firstRead: Promise<unknown> | undefined;
  // Told like another tab's change: the list is read again.
  const storageClosedListeners = new Set<() => void>();
  async function storageClosed() {
    // The browser closes the database before it has deleted its data, and a read that comes meanwhile fails:
    // read once the data is gone, so the screen names what is no longer stored rather than "cannot be reached".
    for (const wait of readAfterCloseMs) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (!(await keeper.read()).unreadable) break;
    }
    storageClosedListeners.forEach((listener) => listener());
  }
  const keeper = createFileListKeeper(database ? indexedDbFileList(database, () => void storageClosed()) : null, {
    now: () => Date.now(),
    reasonOf: storageFailureReason,
    noStorageReason,
    onStored() {
      channel?.postMessage("changed");
      forgetLegacyLabel();
      keepStorageForGood();
    },
    onTabChanged(tab) {
      writeNote(session, tab, visit);
      // A reload the app offers names what it would lose.
      tellHeldOnlyInTab("file list", fileListReloadLoss(notStoredView(tab)));
    },
    onError: (error) => logger.error("The file list could not be stored", error),
  });

  // What changed PAR.txt here when another tab stored a file of a name this tab held only in the merge (J6).
  let replacedKept: ReplacedHere[] = [];
  let lastReplacedSerial = 0;
  const replacedNow = () => replacedStillTrue(replacedKept, listedFiles(keeper.tab().shown));

  /**
   * After every read and change: the files that gave way to another tab's stored namesake, checked by the merge
   * before it forgets what it read from them (the next sync with the list does), and kept when PAR.txt changed.
   */
  async function sayWhatGaveWay() {
    const gave = keeper.takeGaveWay();
    if (gave.length > 0) {
      const readsSame: (boolean | null)[] = gave.map(() => null);
      try {
        const storedBytes = await bytesOf(gave.map((file) => file.storedId));
        const asked = gave.flatMap((file, index) => {
          const bytes = storedBytes.get(file.storedId);
          return bytes ? [{ index, file: { id: file.id, bytes } }] : [];
        });
        if (asked.length > 0 && options.readsAsListed) {
          const answers = await options.readsAsListed(asked.map(({ file }) => file));
          asked.forEach(({ index }, at) => (readsSame[index] = answers[at] ?? null));
        }
      } catch (error) {
        // Said as "cannot tell": never taken for the same file.
        logger.error("A file another tab stored could not be compared with the one listed here", error);
      }
      const said = replacedToSay(gave, readsSame, lastReplacedSerial);
      lastReplacedSerial = said.at(-1)?.serial ?? lastReplacedSerial;
      replacedKept = [...replacedKept, ...said];
    }
    replacedKept = replacedNow();
  }

  async function read() {
    const reading = keeper.read();
    firstRead ??= reading;
    const tab = await reading;
    await sayWhatGaveWay();
    return viewOf(tab, keeper.version(), replacedNow());
  }

  async function bytesOf(ids: readonly string[]) {
    const found = new Map<string, ArrayBuffer>();
    const stored: string[] = [];
    for (const id of ids) {
      const held = keeper.heldBytes(id);
      if (held) found.set(id, held.slice(0));
      else stored.push(id);
    }
    if (database && stored.length > 0) {
      try {
        const storedBytes = await getMany<unknown>(stored.map(bytesKey), database);
        await Promise.all(
          stored.map(async (id, position) => {
            const bytes = storedBytes[position];
            if (bytes instanceof ArrayBuffer) found.set(id, bytes);
            // Older versions stored the picked File itself.
            else if (isBlob(bytes)) found.set(id, await bytes.arrayBuffer());
          }),
        );
      } catch (error) {
        logger.error("The stored files could not be read", error);
      }
    }
    return found;
  }

  return {
    read,
    list: async () => (await read()).files,
    view: () => viewOf(keeper.tab(), keeper.version(), replacedNow()),
    async change(change, bytes) {
      const outcome = await keeper.change(change, bytes);
      await sayWhatGaveWay();
      return outcome;
    },
    bytesOf,
    closeReplacedHere(serial) {
      replacedKept = closeReplacedHere(replacedKept, serial);
    },
    async takeNotKeptAfterReload() {
      const noteVisit = lastVisitNote && "visit" in lastVisitNote ? lastVisitNote.visit : undefined;
      const stillOpen =
        typeof noteVisit === "string" && locks ? !(await locks.isFree(visitLockName(noteVisit))) : false;
      const note = noteOfLastVisit(lastVisitNote, stillOpen);
      if (!note) return null;
      await (firstRead ?? read());
      const notKept = notKeptAfterReload(note, keeper.tab().shown);
      return notKept && { ...notKept, since: note.since, reason: note.reason };
    },
    onChangedElsewhere(callback) {
      const listener = () => callback();
      channel?.addEventListener("message", listener);
      storageClosedListeners.add(listener);
      return () => {
        channel?.removeEventListener("message", listener);
        storageClosedListeners.delete(listener);
      };
    },
  };
}

export const getParameterFileStore = onFirstUse(() =>
  createParameterFileStore(openKeyValueStore("technician-toolbox", "parameter-files"), {
    readsAsListed: (files) => getMergeClient().readsAsListed(files),
  }),
);
