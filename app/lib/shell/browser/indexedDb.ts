/**
 * The one way the app opens its IndexedDB stores (one store per database), made on first use so a screen that
 * never stores anything never opens a database.
 *
 * An open connection blocks another page's deleteDatabase (or a newer version's upgrade) until this tab closes,
 * and the deletion then runs unseen between this tab's reload and its next visit (Firefox, WebKit). So each
 * connection is closed as soon as another page asks for that (`versionchange`): the deletion proceeds now, the
 * next use opens the database afresh, and whoever watches the connection (`close` or `versionchange`) reads again
 * and finds out what is gone while the tab still holds it.
 */
import { promisifyRequest, type UseStore } from "idb-keyval";
import { logger } from "~/lib/shell/logger";
import { storageNotOpenedName } from "~/lib/shell/storageFailure";

/**
 * An error in opening the database. InvalidStateError there is the browser refusing storage (Firefox's private
 * mode), not storage it closed, as the name says elsewhere; other errors (VersionError, a full disk) say their own.
 */
function openingError(error: unknown): unknown {
  if (!(error instanceof DOMException) || error.name !== "InvalidStateError") return error;
  return Object.assign(new Error("The browser would not open the database.", { cause: error }), {
    name: storageNotOpenedName,
  });
}

/** Like idb-keyval's createStore, but giving way to another page's deletion or upgrade of the database. */
function keyValueStore(database: string, storeName: string): UseStore {
  let connection: Promise<IDBDatabase> | undefined;
  function open(): Promise<IDBDatabase> {
    if (connection) return connection;
    let opened: Promise<IDBDatabase>;
    try {
      const request = indexedDB.open(database);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName);
      opened = promisifyRequest(request).catch((error: unknown) => Promise.reject(openingError(error)));
    } catch (error) {
      return Promise.reject(openingError(error));
    }
    connection = opened;
    const forget = () => {
      if (connection === opened) connection = undefined;
    };
    opened.then((db) => {
      // The browser closed it (site data cleared, Safari dropping it): the next use opens it again.
      db.addEventListener("close", forget);
      db.addEventListener("versionchange", () => {
        db.close();
        forget();
      });
    }, forget);
    return opened;
  }
  return (mode, callback) => open().then((db) => callback(db.transaction(storeName, mode).objectStore(storeName)));
}

/** The store, or null where the browser has no IndexedDB or refuses to make one. */
export function openKeyValueStore(database: string, storeName: string): UseStore | null {
  try {
    return typeof indexedDB === "undefined" ? null : keyValueStore(database, storeName);
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
