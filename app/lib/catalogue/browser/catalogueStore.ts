/**
 * Where the loaded parameter catalogue is kept across reloads: one at a time, its facts and its bytes in one
 * IndexedDB transaction, in a database of its own (the file list's storage is not touched).
 */
import { delMany, get, setMany, type UseStore } from "idb-keyval";
import { storedCatalogueSchema, type StoredCatalogue } from "~/lib/catalogue/storedCatalogue";
import { onFirstUse, openKeyValueStore } from "~/lib/shell/browser/indexedDb";
import { logger } from "~/lib/shell/logger";

const factsKey = "catalogue";
const bytesKey = "catalogue-bytes";

export interface CatalogueStore {
  /** The kept catalogue's facts; null when none is kept, or what is kept cannot be read. */
  facts(): Promise<StoredCatalogue | null>;
  bytes(): Promise<ArrayBuffer | null>;
  /** Replaces the kept catalogue; throws when the browser does not store it. */
  keep(facts: StoredCatalogue, bytes: ArrayBuffer): Promise<void>;
  /** Throws when the browser does not store the change. */
  forget(): Promise<void>;
}

export function createCatalogueStore(store: UseStore | null): CatalogueStore {
  const unavailable = () => new DOMException("no IndexedDB", "SecurityError");
  return {
    async facts() {
      if (!store) return null;
      try {
        const parsed = storedCatalogueSchema.safeParse(await get(factsKey, store));
        return parsed.success ? parsed.data : null;
      } catch (error) {
        logger.error("The kept catalogue could not be read", error);
        return null;
      }
    },
    async bytes() {
      if (!store) return null;
      const bytes: unknown = await get(bytesKey, store);
      return bytes instanceof ArrayBuffer ? bytes : null;
    },
    async keep(facts, bytes) {
      if (!store) throw unavailable();
      await setMany(
        [
          [factsKey, facts],
          [bytesKey, bytes],
        ],
        store,
      );
    },
    async forget() {
      if (!store) throw unavailable();
      await delMany([factsKey, bytesKey], store);
    },
  };
}

export const getCatalogueStore = onFirstUse(() =>
  createCatalogueStore(openKeyValueStore("technician-toolbox-catalogue", "parameter-catalogue")),
);
