/**
 * The added files, kept in the browser (IndexedDB) so the list survives
 * navigation and reload until the technician deletes it. Reads come from
 * memory; every change is written through. Where the browser refuses storage
 * (private mode, quota), the list lives in memory for this tab and the screen says so.
 */
import { createStore, delMany, get, set, setMany, type UseStore } from "idb-keyval";
import { logger } from "./logger";
import type { ParameterFileRecord, ParameterFileWithBytes } from "./mergePreview";
import type { ParameterSet } from "./parameterFilePath";

const indexKey = "file-index";
const bytesKey = (id: string) => `file-bytes:${id}`;

export type StorageStatus = { persistent: true } | { persistent: false; reason: string };

export interface ParameterFileStore {
  list(): Promise<ParameterFileWithBytes[]>;
  add(files: ParameterFileWithBytes[]): Promise<void>;
  remove(id: string): Promise<void>;
  removeAll(): Promise<void>;
  setSet(id: string, setOverride: ParameterSet | null): Promise<void>;
  status(): StorageStatus;
}

let idCounter = 0;
export function newFileId(): string {
  idCounter += 1;
  return `${Date.now().toString(36)}-${idCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

function createParameterFileStore(database: UseStore | null): ParameterFileStore {
  let files: ParameterFileWithBytes[] | null = null;
  let status: StorageStatus = database
    ? { persistent: true }
    : { persistent: false, reason: "This browser offers no storage here." };

  async function persist(write: (database: UseStore) => Promise<void>) {
    if (!database || !status.persistent) return;
    try {
      await write(database);
    } catch (error) {
      logger.error("Something went wrong", error);
      status = { persistent: false, reason: error instanceof Error ? error.message : String(error) };
    }
  }

  const records = (list: ParameterFileWithBytes[]): ParameterFileRecord[] =>
    list.map(({ id, path, setOverride }) => ({ id, path, setOverride }));

  async function readStoredFiles(): Promise<ParameterFileWithBytes[]> {
    if (!database) return [];
    try {
      const index = (await get<ParameterFileRecord[]>(indexKey, database)) ?? [];
      const withBytes = await Promise.all(
        index.map(async (record) => ({ ...record, bytes: await get<ArrayBuffer>(bytesKey(record.id), database) })),
      );
      return withBytes.filter((file): file is ParameterFileWithBytes => file.bytes instanceof ArrayBuffer);
    } catch (error) {
      logger.error("Something went wrong", error);
      status = { persistent: false, reason: error instanceof Error ? error.message : String(error) };
      return [];
    }
  }

  // One read of the stored list, shared by every caller that comes before it ends.
  let loading: Promise<void> | null = null;
  async function loaded(): Promise<ParameterFileWithBytes[]> {
    loading ??= readStoredFiles().then((stored) => {
      files = stored;
    });
    await loading;
    return files ?? [];
  }

  return {
    async list() {
      return [...(await loaded())];
    },
    async add(added) {
      files = [...(await loaded()), ...added];
      const list = files;
      await persist(async (store) => {
        await setMany(
          added.map((file) => [bytesKey(file.id), file.bytes]),
          store,
        );
        await set(indexKey, records(list), store);
      });
    },
    async remove(id) {
      files = (await loaded()).filter((file) => file.id !== id);
      const list = files;
      await persist(async (store) => {
        await set(indexKey, records(list), store);
        await delMany([bytesKey(id)], store);
      });
    },
    async removeAll() {
      const removed = await loaded();
      files = [];
      await persist(async (store) => {
        await set(indexKey, [], store);
        await delMany(
          removed.map((file) => bytesKey(file.id)),
          store,
        );
      });
    },
    async setSet(id, setOverride) {
      files = (await loaded()).map((file) => (file.id === id ? { ...file, setOverride } : file));
      const list = files;
      await persist((store) => set(indexKey, records(list), store));
    },
    status: () => status,
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

/** For tests: a store with no browser storage behind it. */
export function createSessionOnlyParameterFileStore(): ParameterFileStore {
  return createParameterFileStore(null);
}
