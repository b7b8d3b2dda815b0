/**
 * The service records, kept in the browser (IndexedDB, a database of their
 * own, so deleting files never touches them). A record is stored with the
 * bytes it refers to in one transaction; bytes are stored under their SHA-256,
 * so the same file in ten records is kept once, and deleting a record deletes
 * only bytes no other record refers to.
 *
 * Nothing here throws into a download: adding answers whether the record was
 * saved and, if not, why.
 */
import { delMany, getMany, keys, setMany, type UseStore } from "idb-keyval";
import type { ParameterSet } from "~/lib/merger/parameterSet";
import { logger } from "~/lib/shell/logger";
import {
  keptSha256sOf,
  newestFirst,
  serviceRecordSchema,
  withoutInputBytes,
  type ServiceRecord,
} from "~/lib/records/serviceRecord";
import { onFirstUse, openKeyValueStore } from "~/lib/shell/browser/indexedDb";

/** The few key-value operations the store needs: IndexedDB in the browser, a Map in tests or without IndexedDB. */
export interface RecordDatabase {
  keys(): Promise<string[]>;
  getMany(keys: readonly string[]): Promise<unknown[]>;
  setMany(entries: readonly [string, unknown][]): Promise<void>;
  delMany(keys: readonly string[]): Promise<void>;
}

export type RecordSaveOutcome = { saved: true; record: ServiceRecord } | { saved: false; reason: string };

export interface ServiceRecordStore {
  /** Stores the record and the bytes it keeps (by SHA-256); without room for the input files, stores it without them. */
  add(record: ServiceRecord, bytesBySha256: ReadonlyMap<string, Uint8Array<ArrayBuffer>>): Promise<RecordSaveOutcome>;
  /** Every readable record, newest first. */
  list(): Promise<ServiceRecord[]>;
  get(id: string): Promise<ServiceRecord | null>;
  /** The kept bytes with this SHA-256, or null when they are not kept. */
  bytesOf(sha256: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** The record's input files whose bytes are kept, in list order, and the paths of the others. */
  inputFilesOf(record: ServiceRecord): Promise<RecordInputFiles>;
  remove(id: string): Promise<void>;
  /**
   * Stores records restored from a backup with the bytes given for them, all in one transaction: all are
   * kept or, when the browser refuses, none. Bytes a record refers to but not given stay gone, as in the backup.
   */
  addRestored(
    records: readonly ServiceRecord[],
    bytesBySha256: ReadonlyMap<string, Uint8Array<ArrayBuffer>>,
  ): Promise<void>;
  /** False where the browser has no IndexedDB: records then last as long as the tab. */
  persistent: boolean;
}

export interface RecordInputFiles {
  files: { path: string; setOverride: ParameterSet | null; bytes: ArrayBuffer }[];
  gonePaths: string[];
}

const recordKeyPrefix = "record:";
const recordKey = (id: string) => `${recordKeyPrefix}${id}`;
const bytesKey = (sha256: string) => `bytes:${sha256}`;

function reasonOf(error: unknown): string {
  if (error instanceof DOMException && error.name === "QuotaExceededError") return "the browser's storage is full";
  return error instanceof Error ? error.message : String(error);
}

export function createServiceRecordStore(database: RecordDatabase, persistent = true): ServiceRecordStore {
  async function readRecords(ids?: readonly string[]): Promise<ServiceRecord[]> {
    const recordKeys = ids
      ? ids.map(recordKey)
      : (await database.keys()).filter((key) => key.startsWith(recordKeyPrefix));
    const stored = await database.getMany(recordKeys);
    const records: ServiceRecord[] = [];
    stored.forEach((value, index) => {
      if (value === undefined) return;
      const parsed = serviceRecordSchema.safeParse(value);
      if (parsed.success) records.push(parsed.data);
      else logger.warn(`Skipped an unreadable service record (${recordKeys[index]})`, parsed.error);
    });
    return records;
  }

  async function put(record: ServiceRecord, bytesBySha256: ReadonlyMap<string, Uint8Array<ArrayBuffer>>) {
    const entries: [string, unknown][] = [[recordKey(record.id), record]];
    for (const sha256 of new Set(keptSha256sOf(record))) {
      const bytes = bytesBySha256.get(sha256);
      if (!bytes) throw new Error(`the bytes with SHA-256 ${sha256} were not given`);
      entries.push([bytesKey(sha256), bytes]);
    }
    await database.setMany(entries);
  }

  async function bytesOf(sha256: string) {
    const [bytes] = await database.getMany([bytesKey(sha256)]);
    return bytes instanceof Uint8Array ? (bytes as Uint8Array<ArrayBuffer>) : null;
  }

  return {
    persistent,
    async add(record, bytesBySha256) {
      try {
        await put(record, bytesBySha256);
        return { saved: true, record };
      } catch (error) {
        if (!record.inputs.some((input) => input.bytesKept)) {
          logger.error("The service record could not be saved", error);
          return { saved: false, reason: reasonOf(error) };
        }
        logger.warn("No room for the input files of the service record; saving it without them", error);
      }
      const smaller = withoutInputBytes(record);
      try {
        await put(smaller, bytesBySha256);
        return { saved: true, record: smaller };
      } catch (error) {
        logger.error("The service record could not be saved", error);
        return { saved: false, reason: reasonOf(error) };
      }
    },
    async list() {
      return newestFirst(await readRecords());
    },
    async get(id) {
      return (await readRecords([id]))[0] ?? null;
    },
    bytesOf,
    async inputFilesOf(record) {
      const found: RecordInputFiles = { files: [], gonePaths: [] };
      for (const input of record.inputs) {
        const bytes = input.bytesKept && input.fingerprint ? await bytesOf(input.fingerprint.sha256) : null;
        if (!bytes) found.gonePaths.push(input.path);
        else
          found.files.push({
            path: input.path,
            setOverride: input.setOverride,
            bytes: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
          });
      }
      return found;
    },
    async addRestored(records, bytesBySha256) {
      const entries: [string, unknown][] = [];
      for (const record of records) entries.push([recordKey(record.id), record]);
      for (const [sha256, bytes] of bytesBySha256) entries.push([bytesKey(sha256), bytes]);
      if (entries.length > 0) await database.setMany(entries);
    },
    async remove(id) {
      const records = await readRecords();
      const removed = records.find((record) => record.id === id);
      if (!removed) return;
      const stillKept = new Set(records.filter((record) => record.id !== id).flatMap(keptSha256sOf));
      const unreferenced = keptSha256sOf(removed).filter((sha256) => !stillKept.has(sha256));
      await database.delMany([recordKey(id), ...[...new Set(unreferenced)].map(bytesKey)]);
    },
  };
}

function indexedDbRecords(store: UseStore): RecordDatabase {
  return {
    keys: async () => (await keys(store)).map(String),
    getMany: (wanted) => getMany([...wanted], store),
    setMany: (entries) => setMany([...entries], store),
    delMany: (gone) => delMany([...gone], store),
  };
}

/** A Map that copies what goes in and out, as IndexedDB does. */
export function memoryRecords(): RecordDatabase {
  const values = new Map<string, unknown>();
  return {
    keys: async () => [...values.keys()],
    getMany: async (wanted) => wanted.map((key) => structuredClone(values.get(key))),
    setMany: async (entries) => entries.forEach(([key, value]) => values.set(key, structuredClone(value))),
    delMany: async (gone) => gone.forEach((key) => values.delete(key)),
  };
}

export const getServiceRecordStore = onFirstUse(() => {
  const database = openKeyValueStore("technician-toolbox-records", "service-records");
  return database
    ? createServiceRecordStore(indexedDbRecords(database))
    : createServiceRecordStore(memoryRecords(), false);
});
