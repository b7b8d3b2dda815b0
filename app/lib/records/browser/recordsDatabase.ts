/**
 * Where the service records are kept: IndexedDB (a database of their own, so deleting files never touches them),
 * or a Map for this tab where the browser has none or refuses to open it. The store (serviceRecordStore.ts)
 * needs only these few key-value operations.
 */
import { getMany, keys, promisifyRequest, setMany, type UseStore } from "idb-keyval";
import { recordsReloadLoss } from "~/lib/records/backupReminder";
import { recordKeyPrefix } from "~/lib/records/storedRecord";
import { tellHeldOnlyInTab } from "~/lib/shell/browser/heldOnlyInTab";
import { logger } from "~/lib/shell/logger";
import { storageFailureReason } from "~/lib/shell/storageFailure";

export interface RecordDatabase {
  keys(): Promise<string[]>;
  getMany(keys: readonly string[]): Promise<unknown[]>;
  setMany(entries: readonly [string, unknown][]): Promise<void>;
  /**
   * In one transaction: reads the values of the keys that start with `valuesUnder` and every key, then deletes the
   * keys `chosen` picks. A record stored meanwhile (by a download in another tab) lands wholly before or after,
   * never between the reading and the deleting, where it would lose bytes the delete took for nobody's.
   */
  deleteChosen(
    valuesUnder: string,
    chosen: (valuesByKey: ReadonlyMap<string, unknown>, keys: readonly string[]) => string[],
  ): Promise<void>;
}

/** Whether records are stored, or last as long as the tab (and why). */
export type RecordStorage = { stored: true } | { stored: false; reason: string };

export function indexedDbRecords(store: UseStore): RecordDatabase {
  return {
    keys: async () => (await keys(store)).map(String),
    getMany: (wanted) => getMany([...wanted], store),
    setMany: (entries) => setMany([...entries], store),
    deleteChosen: (valuesUnder, chosen) =>
      store("readwrite", (objectStore) => {
        // Every key that starts with the prefix: from the prefix up to, not including, the prefix with its last
        // character one higher ("record:" … "record;"), whatever characters the rest holds.
        const afterPrefix =
          valuesUnder.slice(0, -1) + String.fromCharCode(valuesUnder.charCodeAt(valuesUnder.length - 1) + 1);
        const range = IDBKeyRange.bound(valuesUnder, afterPrefix, false, true);
        const allKeys = objectStore.getAllKeys();
        const keysUnder = objectStore.getAllKeys(range);
        const valuesUnderRange = objectStore.getAll(range);
        // Requests of a transaction complete in order: when the last has, all have. Deleting in its success
        // handler keeps the transaction open, with nothing of another tab in between.
        return promisifyRequest(valuesUnderRange).then((values) => {
          const valuesByKey = new Map(keysUnder.result.map((key, index) => [String(key), values[index]]));
          for (const key of chosen(valuesByKey, allKeys.result.map(String))) objectStore.delete(key);
          return promisifyRequest(objectStore.transaction);
        });
      }),
  };
}

/** A Map that copies what goes in and out, as IndexedDB does. */
export function memoryRecords(): RecordDatabase {
  const values = new Map<string, unknown>();
  return {
    keys: async () => [...values.keys()],
    getMany: async (wanted) => wanted.map((key) => structuredClone(values.get(key))),
    setMany: async (entries) => entries.forEach(([key, value]) => values.set(key, structuredClone(value))),
    deleteChosen: async (valuesUnder, chosen) => {
      const under = [...values].filter(([key]) => key.startsWith(valuesUnder));
      const doomed = chosen(new Map(under.map(([key, value]) => [key, structuredClone(value)])), [...values.keys()]);
      doomed.forEach((key) => values.delete(key));
    },
  };
}

/**
 * IndexedDB, or a Map for this tab where the browser has none or refuses to open it (WebKit in some
 * contexts, private modes): the first use finds out which, once.
 */
export function recordsDatabase(store: UseStore | null): { database: RecordDatabase; storage: () => RecordStorage } {
  let storage: RecordStorage = store
    ? { stored: true }
    : { stored: false, reason: "this browser offers no storage here" };
  let opened: Promise<RecordDatabase> | undefined;
  const open = () =>
    (opened ??= (async () => {
      if (!store) return memoryRecords();
      try {
        await store("readonly", (objectStore) => promisifyRequest(objectStore.count()));
        return indexedDbRecords(store);
      } catch (error) {
        logger.error("The browser refused the service records' storage", error);
        storage = { stored: false, reason: storageFailureReason(error) };
        return memoryRecords();
      }
    })());
  /** After a write: records kept in this tab only are what a reload the app offers would lose. */
  async function changed<T>(done: T): Promise<T> {
    if (!storage.stored) {
      const recordCount = (await (await open()).keys()).filter((key) => key.startsWith(recordKeyPrefix)).length;
      tellHeldOnlyInTab("service records", recordsReloadLoss(recordCount));
    }
    return done;
  }
  return {
    database: {
      keys: async () => (await open()).keys(),
      getMany: async (wanted) => (await open()).getMany(wanted),
      setMany: async (entries) => changed(await (await open()).setMany(entries)),
      deleteChosen: async (valuesUnder, chosen) => changed(await (await open()).deleteChosen(valuesUnder, chosen)),
    },
    storage: () => storage,
  };
}
