/**
 * The added files, kept in the browser (IndexedDB) so the list survives
 * navigation and reload until the technician deletes it.
 *
 * Several tabs may use the list at once: every change is a read-modify-write of
 * the stored index in one transaction, every read takes the index fresh, and
 * the other tabs are told to read again. The list holds records only; a file's
 * bytes are read from storage when the merge worker needs them (once per file
 * and page visit), so they are never held twice on the main thread.
 *
 * Where the browser refuses storage (private mode, quota), the list lives in
 * memory for this tab from then on, nothing on screen is lost, and the screen says so.
 */
import { delMany, get, getMany, promisifyRequest, update, type UseStore } from "idb-keyval";
import { logger } from "~/lib/shell/logger";
import type { ListedFile } from "~/lib/merger/listedFile";
import type { ParameterSet } from "~/lib/merger/parameterSet";
import { onFirstUse, openKeyValueStore } from "~/lib/shell/browser/indexedDb";

export interface ParameterFileWithBytes extends ListedFile {
  bytes: ArrayBuffer;
  /**
   * The picked file these bytes were read from: stored instead of the bytes,
   * IndexedDB copies it outside the page, so the page never clones the bytes
   * (a 70 MB set: a 70 MB copy and a long task on the main thread saved).
   */
  source?: Blob;
}

const indexKey = "file-index";
// The list as it was before "Delete all", until the next "Delete all": what Undo brings back.
const deletedIndexKey = "deleted-file-index";
const bytesKey = (id: string) => `file-bytes:${id}`;
const changeChannelName = "technician-toolbox:parameter-files";

export type StorageStatus = { persistent: true } | { persistent: false; reason: string };

export interface ParameterFileStore {
  list(): Promise<ListedFile[]>;
  /**
   * Stores the files. The caller may transfer the given buffers afterwards (to
   * the merge worker): the store keeps its own copy when it has no storage.
   */
  add(files: ParameterFileWithBytes[]): Promise<void>;
  /** A fresh copy of each file's bytes, for the merge worker to take over; missing files are left out. */
  bytesOf(ids: readonly string[]): Promise<Map<string, ArrayBuffer>>;
  remove(id: string): Promise<void>;
  /** Removes every file; restoreDeleted() brings them back until the next removeAll(). */
  removeAll(): Promise<void>;
  /** Puts the files of the last removeAll() back in front of the list (paths listed since are not doubled). */
  restoreDeleted(): Promise<void>;
  /** Moves a file one place up (-1) or down (+1) in the list. */
  move(id: string, offset: -1 | 1): Promise<void>;
  chooseSet(id: string, setOverride: ParameterSet | null): Promise<void>;
  status(): StorageStatus;
  /** Calls back when another tab changed the stored list; returns the unsubscribe. */
  onChangedElsewhere(callback: () => void): () => void;
}

let idCounter = 0;
export function newFileId(): string {
  idCounter += 1;
  return `${Date.now().toString(36)}-${idCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function createParameterFileStore(database: UseStore | null): ParameterFileStore {
  let status: StorageStatus = database
    ? { persistent: true }
    : { persistent: false, reason: "this browser offers no storage here" };
  // What this tab shows; the only copy once storage is refused.
  let files: ListedFile[] = [];
  let deletedFiles: ListedFile[] = [];
  // Bytes kept in memory only while storage is refused (or not there at all).
  const unstoredBytesById = new Map<string, ArrayBuffer>();
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(changeChannelName);

  function storageRefused(error: unknown) {
    logger.error("Something went wrong", error);
    status = { persistent: false, reason: reasonOf(error) };
  }

  /** Runs a change on the stored list; on refusal the change stands in memory only. True when it was stored. */
  async function persist(change: (store: UseStore) => Promise<void>): Promise<boolean> {
    if (!database || !status.persistent) return false;
    try {
      await change(database);
      channel?.postMessage("changed");
      return true;
    } catch (error) {
      storageRefused(error);
      return false;
    }
  }

  async function readStoredIndex(store: UseStore): Promise<ListedFile[]> {
    return (await get<ListedFile[]>(indexKey, store)) ?? [];
  }

  const recordOf = ({ id, path, setOverride, size }: ListedFile): ListedFile => ({
    id,
    path,
    setOverride,
    ...(size === undefined ? {} : { size }),
  });

  return {
    async list() {
      if (database && status.persistent) {
        try {
          files = await readStoredIndex(database);
        } catch (error) {
          storageRefused(error);
        }
      }
      return [...files];
    },
    async add(added) {
      files = [...files, ...added.map(recordOf)];
      // The bytes and the index in one transaction: one commit to wait for, and never bytes without their entry.
      const stored = await persist((store) =>
        store("readwrite", (objectStore) => {
          for (const file of added) objectStore.put(file.source ?? file.bytes, bytesKey(file.id));
          const index = objectStore.get(indexKey) as IDBRequest<ListedFile[] | undefined>;
          index.onsuccess = () => objectStore.put([...(index.result ?? []), ...added.map(recordOf)], indexKey);
          return promisifyRequest(objectStore.transaction);
        }),
      );
      // IndexedDB copied the bytes when they were put; without it, a copy here is the only one left
      // once the caller hands the buffers to the merge worker.
      if (!stored) added.forEach((file) => unstoredBytesById.set(file.id, file.bytes.slice(0)));
    },
    async bytesOf(ids) {
      const found = new Map<string, ArrayBuffer>();
      const stored: string[] = [];
      for (const id of ids) {
        const unstored = unstoredBytesById.get(id);
        if (unstored) found.set(id, unstored.slice(0));
        else stored.push(id);
      }
      if (database && stored.length > 0) {
        try {
          const storedBytes = await getMany<ArrayBuffer | Blob | undefined>(stored.map(bytesKey), database);
          await Promise.all(
            stored.map(async (id, position) => {
              const bytes = storedBytes[position];
              if (bytes instanceof ArrayBuffer) found.set(id, bytes);
              // Picked files are stored as they were picked (lists stored earlier hold their bytes).
              else if (bytes instanceof Blob) found.set(id, await bytes.arrayBuffer());
            }),
          );
        } catch (error) {
          storageRefused(error);
        }
      }
      return found;
    },
    async remove(id) {
      files = files.filter((file) => file.id !== id);
      unstoredBytesById.delete(id);
      await persist(async (store) => {
        await update<ListedFile[]>(indexKey, (index = []) => index.filter((record) => record.id !== id), store);
        await delMany([bytesKey(id)], store);
      });
    },
    async removeAll() {
      const purged = deletedFiles;
      deletedFiles = files;
      files = [];
      purged.forEach((file) => unstoredBytesById.delete(file.id));
      await persist(async (store) => {
        let purgedStored: ListedFile[] = [];
        await update<ListedFile[]>(
          indexKey,
          (index = []) => {
            deletedFiles = index;
            return [];
          },
          store,
        );
        await update<ListedFile[]>(
          deletedIndexKey,
          (previous = []) => {
            purgedStored = previous;
            return deletedFiles;
          },
          store,
        );
        await delMany(
          purgedStored.map((record) => bytesKey(record.id)),
          store,
        );
      });
    },
    async restoreDeleted() {
      const restore = (index: ListedFile[], deleted: ListedFile[]) => {
        const listedPaths = new Set(index.map((record) => record.path));
        return [...deleted.filter((record) => !listedPaths.has(record.path)), ...index];
      };
      files = restore(files, deletedFiles);
      const restored = deletedFiles;
      deletedFiles = [];
      await persist(async (store) => {
        let stored: ListedFile[] = restored;
        await update<ListedFile[]>(
          deletedIndexKey,
          (deleted = []) => {
            stored = deleted;
            return [];
          },
          store,
        );
        await update<ListedFile[]>(indexKey, (index = []) => restore(index, stored), store);
      });
    },
    async move(id, offset) {
      const moved = (index: ListedFile[]) => {
        const from = index.findIndex((record) => record.id === id);
        const to = from + offset;
        if (from < 0 || to < 0 || to >= index.length) return index;
        const reordered = [...index];
        [reordered[from], reordered[to]] = [reordered[to]!, reordered[from]!];
        return reordered;
      };
      files = moved(files);
      await persist((store) => update<ListedFile[]>(indexKey, (index = []) => moved(index), store));
    },
    async chooseSet(id, setOverride) {
      files = files.map((file) => (file.id === id ? { ...file, setOverride } : file));
      await persist((store) =>
        update<ListedFile[]>(
          indexKey,
          (index = []) => index.map((record) => (record.id === id ? { ...record, setOverride } : record)),
          store,
        ),
      );
    },
    status: () => status,
    onChangedElsewhere(callback) {
      if (!channel) return () => undefined;
      const listener = () => callback();
      channel.addEventListener("message", listener);
      return () => channel.removeEventListener("message", listener);
    },
  };
}

export const getParameterFileStore = onFirstUse(() =>
  createParameterFileStore(openKeyValueStore("technician-toolbox", "parameter-files")),
);
