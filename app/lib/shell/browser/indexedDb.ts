/**
 * The one way the app opens its IndexedDB stores (idb-keyval: one store per database), made on first use
 * so a screen that never stores anything never opens a database.
 */
import { createStore, type UseStore } from "idb-keyval";
import { logger } from "~/lib/shell/logger";

/** The store, or null where the browser has no IndexedDB or refuses to open it; then `unavailable` says why. */
export function openKeyValueStore(database: string, storeName: string): UseStore | null {
  try {
    return typeof indexedDB === "undefined" ? null : createStore(database, storeName);
  } catch (error) {
    logger.error(`The browser refused the ${database} store`, error);
    return null;
  }
}

/** One instance per tab of something built on a store, made on first use. */
export function onFirstUse<T>(create: () => T): () => T {
  let instance: T | undefined;
  return () => (instance ??= create());
}
