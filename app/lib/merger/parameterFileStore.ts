/**
 * The added files, kept in the browser (IndexedDB) so the list survives
 * navigation and reload until the technician deletes it.
 *
 * Several tabs may use the list at once: every change is a read-modify-write of
 * the stored index in one transaction, every read takes the index fresh, and
 * the other tabs are told to read again. A file's bytes never change, so they
 * are kept in memory once read.
 *
 * Where the browser refuses storage (private mode, quota), the list lives in
 * memory for this tab from then on, nothing on screen is lost, and the screen says so.
 */
import { createStore, delMany, get, getMany, setMany, update, type UseStore } from "idb-keyval";
import { logger } from "~/lib/shell/logger";
import type { ParameterFileRecord, ParameterFileWithBytes } from "./mergePreview";
import type { ParameterSet } from "./parameterFilePath";

const indexKey = "file-index";
const bytesKey = (id: string) => `file-bytes:${id}`;
const changeChannelName = "technician-toolbox:parameter-files";

export type StorageStatus = { persistent: true } | { persistent: false; reason: string };

export interface ParameterFileStore {
  list(): Promise<ParameterFileWithBytes[]>;
  add(files: ParameterFileWithBytes[]): Promise<void>;
  remove(id: string): Promise<void>;
  removeAll(): Promise<void>;
  setSet(id: string, setOverride: ParameterSet | null): Promise<void>;
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
  let files: ParameterFileWithBytes[] = [];
  const bytesById = new Map<string, ArrayBuffer>();
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(changeChannelName);

  function storageRefused(error: unknown) {
    logger.error("Something went wrong", error);
    status = { persistent: false, reason: reasonOf(error) };
  }

  /** Runs a change on the stored list; on refusal the change stands in memory only. */
  async function persist(change: (store: UseStore) => Promise<void>) {
    if (!database || !status.persistent) return;
    try {
      await change(database);
      channel?.postMessage("changed");
    } catch (error) {
      storageRefused(error);
    }
  }

  async function readStoredFiles(store: UseStore): Promise<ParameterFileWithBytes[]> {
    const index = (await get<ParameterFileRecord[]>(indexKey, store)) ?? [];
    const missing = index.filter((record) => !bytesById.has(record.id));
    const missingBytes = await getMany<ArrayBuffer | undefined>(
      missing.map((record) => bytesKey(record.id)),
      store,
    );
    missing.forEach((record, position) => {
      const bytes = missingBytes[position];
      if (bytes instanceof ArrayBuffer) bytesById.set(record.id, bytes);
    });
    return index.flatMap((record) => {
      const bytes = bytesById.get(record.id);
      return bytes ? [{ ...record, bytes }] : [];
    });
  }

  const recordOf = ({ id, path, setOverride }: ParameterFileRecord): ParameterFileRecord => ({ id, path, setOverride });

  return {
    async list() {
      if (database && status.persistent) {
        try {
          files = await readStoredFiles(database);
        } catch (error) {
          storageRefused(error);
        }
      }
      return [...files];
    },
    async add(added) {
      added.forEach((file) => bytesById.set(file.id, file.bytes));
      files = [...files, ...added];
      await persist(async (store) => {
        await setMany(
          added.map((file) => [bytesKey(file.id), file.bytes]),
          store,
        );
        await update<ParameterFileRecord[]>(indexKey, (index = []) => [...index, ...added.map(recordOf)], store);
      });
    },
    async remove(id) {
      files = files.filter((file) => file.id !== id);
      await persist(async (store) => {
        await update<ParameterFileRecord[]>(
          indexKey,
          (index = []) => index.filter((record) => record.id !== id),
          store,
        );
        await delMany([bytesKey(id)], store);
      });
    },
    async removeAll() {
      files = [];
      await persist(async (store) => {
        let removed: ParameterFileRecord[] = [];
        await update<ParameterFileRecord[]>(
          indexKey,
          (index = []) => {
            removed = index;
            return [];
          },
          store,
        );
        await delMany(
          removed.map((record) => bytesKey(record.id)),
          store,
        );
      });
    },
    async setSet(id, setOverride) {
      files = files.map((file) => (file.id === id ? { ...file, setOverride } : file));
      await persist((store) =>
        update<ParameterFileRecord[]>(
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

let store: ParameterFileStore | undefined;

export function getParameterFileStore(): ParameterFileStore {
  if (!store) {
    let database: UseStore | null = null;
    try {
      database = typeof indexedDB === "undefined" ? null : createStore("technician-toolbox", "parameter-files");
    } catch (error) {
      logger.error("Something went wrong", error);
    }
    store = createParameterFileStore(database);
  }
  return store;
}
