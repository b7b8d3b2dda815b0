/**
 * The service records, kept in the browser (recordsDatabase.ts), as stored (storedRecord.ts). A record is stored
 * with the bytes it refers to in one transaction; deleting a record deletes only bytes no other record refers to.
 *
 * Nothing here throws into a download: adding answers whether the record was saved and, if not, why. Nothing
 * here throws into a screen either: where the browser refuses to open or read the store, the records last as
 * long as the tab, and storage() says why. Bytes stored as Uint8Arrays by older versions are still read.
 */
import type { ParameterSet } from "~/lib/merger/parameterSet";
import { keepStorageForGood } from "~/lib/shell/browser/storagePersistence";
import {
  keptSha256sOf,
  newestFirst,
  recordRowParts,
  withoutInputBytes,
  type RecordHead,
  type RecordRow,
  type RecordRowPart,
  type ServiceRecord,
  type ServiceRecordSummary,
} from "~/lib/records/serviceRecord";
import {
  bytesKey,
  keysDeletedWithRecord,
  parsedStoredRecord,
  recordKey,
  recordKeyPrefix,
  storedBytesOf,
  storedEntriesOf,
  storedKeysOfRecord,
  storedSummarySchema,
} from "~/lib/records/storedRecord";
import { onFirstUse, openKeyValueStore } from "~/lib/shell/browser/indexedDb";
import { pauseEvery } from "~/lib/shell/browser/pauseEvery";
import { logger } from "~/lib/shell/logger";
import { storageFailureReason } from "~/lib/shell/storageFailure";
import { recordsDatabase, type RecordDatabase, type RecordStorage } from "./recordsDatabase";
import { recordRows, type RecordRowRange } from "./recordRows";

/**
 * Saved: `onlyThisTab` says why, where the browser keeps no records and the record lasts as long as the tab;
 * `withoutInputFiles` says why, where the record was saved without the input files it meant to keep.
 */
export type RecordSaveOutcome =
  | { saved: true; record: ServiceRecord; onlyThisTab: string | null; withoutInputFiles: string | null }
  | { saved: false; reason: string };

export interface WholeRecords {
  records: ServiceRecord[];
  unreadRows: { record: ServiceRecordSummary; rowCount: number }[];
  /** Records this version cannot read at all, left out. */
  unreadableCount: number;
}

export interface ServiceRecordStore {
  /** Stores the record and the bytes it keeps (by SHA-256); without room for the input files, stores it without them. */
  add(record: ServiceRecord, bytesBySha256: ReadonlyMap<string, Uint8Array<ArrayBuffer>>): Promise<RecordSaveOutcome>;
  /** Every readable record without its long lists, newest first. */
  list(): Promise<ServiceRecordSummary[]>;
  /**
   * The same, and the ids of the records stored here that this version cannot read (damaged, or written by
   * another version): never shown, but said, and deletable.
   */
  listWithUnreadable(): Promise<{ records: ServiceRecordSummary[]; unreadableIds: string[] }>;
  /** The record's summary; null when it is not kept, or when storage failed to read it (`readFailure` says why). */
  get(id: string): Promise<RecordLookup>;
  /** Rows of one of the record's long lists; fewer where pages are gone or unreadable. */
  rowsOf<Part extends RecordRowPart>(
    record: ServiceRecordSummary,
    part: Part,
    range: RecordRowRange,
  ): Promise<RecordRow<Part>[]>;
  /**
   * Every readable record whole, newest first: for the backup and the CSV export. Rows on pages that could not
   * be read are left out, and said: how many, of which record.
   */
  wholeRecords(): Promise<WholeRecords>;
  /** The kept bytes with this SHA-256, or null when they are not kept. */
  bytesOf(sha256: string): Promise<Uint8Array<ArrayBuffer> | null>;
  /** The record's input files whose bytes are kept, in list order, and the paths of the others. */
  inputFilesOf(record: RecordHead): Promise<RecordInputFiles>;
  remove(id: string): Promise<void>;
  /** Deletes, in one transaction, the records this version cannot read and their pages; how many there were. */
  removeUnreadable(): Promise<number>;
  /**
   * Stores records restored from a backup with the bytes given for them, all in one transaction: all are
   * kept or, when the browser refuses, none. Bytes a record refers to but not given stay gone, as in the backup.
   */
  addRestored(
    records: readonly ServiceRecord[],
    bytesBySha256: ReadonlyMap<string, Uint8Array<ArrayBuffer>>,
  ): Promise<void>;
  /** Whether records are stored, or last as long as the tab (and why). */
  storage(): RecordStorage;
}

export interface RecordLookup {
  record: ServiceRecordSummary | null;
  /** Why the browser's storage could not read it: not the same as a record that is not kept. */
  readFailure: string | null;
  /** It is stored here, but this version cannot read it (damaged, or written by another version). */
  unreadableHere: boolean;
}

export interface RecordInputFiles {
  files: { path: string; setOverride: ParameterSet | null; bytes: ArrayBuffer }[];
  gonePaths: string[];
}

/** Records read from storage in one request when the list is read: tens of milliseconds of work each (docs/performance.md). */
const summariesPerRead = 500;

export function createServiceRecordStore(
  database: RecordDatabase,
  storage: () => RecordStorage = () => ({ stored: true }),
): ServiceRecordStore {
  // Why the records could not be read the last time; they are then none, never a crash.
  let unreadable: string | null = null;
  // Records an older version stored whole, as read: their rows are not in pages. Every other record's are.
  const storedWhole = new Map<string, ServiceRecord>();
  const { rowsOf, whole } = recordRows(database, storedWhole);

  /** The summaries of these records (of all, without ids), and the ids of those that cannot be read. */
  async function readSummaries(
    ids?: readonly string[],
  ): Promise<{ summaries: ServiceRecordSummary[]; unreadableIds: string[] }> {
    const recordKeys = ids
      ? ids.map(recordKey)
      : (await database.keys()).filter((key) => key.startsWith(recordKeyPrefix));
    const summaries: ServiceRecordSummary[] = [];
    const unreadableIds: string[] = [];
    // Thousands of records (years of a busy technician, or a restored backup): read and checked a batch at a
    // time with pauses between, so the records screen keeps answering while it opens (docs/performance.md).
    const pause = pauseEvery();
    for (let start = 0; start < recordKeys.length; start += summariesPerRead) {
      const batchKeys = recordKeys.slice(start, start + summariesPerRead);
      const stored = await database.getMany(batchKeys);
      for (const [index, value] of stored.entries()) {
        await pause();
        if (value === undefined) continue;
        const parsed = parsedStoredRecord(value);
        if (!parsed) {
          logger.warn(
            `Skipped an unreadable service record (${batchKeys[index]})`,
            storedSummarySchema.safeParse(value).error,
          );
          unreadableIds.push(batchKeys[index]!.slice(recordKeyPrefix.length));
          continue;
        }
        if (parsed.whole) storedWhole.set(parsed.summary.id, parsed.whole);
        else storedWhole.delete(parsed.summary.id);
        summaries.push(parsed.summary);
      }
    }
    return { summaries, unreadableIds };
  }

  async function put(record: ServiceRecord, bytesBySha256: ReadonlyMap<string, Uint8Array<ArrayBuffer>>) {
    const entries = storedEntriesOf(record);
    for (const sha256 of new Set(keptSha256sOf(record))) {
      const bytes = bytesBySha256.get(sha256);
      if (!bytes) throw new Error(`the bytes with SHA-256 ${sha256} were not given`);
      entries.push([bytesKey(sha256), storedBytesOf(bytes)]);
    }
    await database.setMany(entries);
  }

  async function bytesOf(sha256: string) {
    const [bytes] = await database.getMany([bytesKey(sha256)]);
    if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
    return bytes instanceof Uint8Array ? (bytes as Uint8Array<ArrayBuffer>) : null;
  }

  function saved(record: ServiceRecord, withoutInputFiles: string | null = null): RecordSaveOutcome {
    const kept = storage();
    if (kept.stored) keepStorageForGood();
    return { saved: true, record, onlyThisTab: kept.stored ? null : kept.reason, withoutInputFiles };
  }

  async function listWithUnreadable() {
    try {
      const { summaries, unreadableIds } = await readSummaries();
      unreadable = null;
      return { records: newestFirst(summaries), unreadableIds };
    } catch (error) {
      logger.error("The service records could not be read", error);
      unreadable = storageFailureReason(error);
      return { records: [], unreadableIds: [] };
    }
  }

  return {
    storage: () => (unreadable && storage().stored ? { stored: false, reason: unreadable } : storage()),
    async add(record, bytesBySha256) {
      let withoutInputFiles: string;
      try {
        await put(record, bytesBySha256);
        return saved(record);
      } catch (error) {
        if (!record.inputs.some((input) => input.bytesKept)) {
          logger.error("The service record could not be saved", error);
          return { saved: false, reason: storageFailureReason(error) };
        }
        logger.warn("No room for the input files of the service record; saving it without them", error);
        withoutInputFiles = storageFailureReason(error);
      }
      const smaller = withoutInputBytes(record);
      try {
        await put(smaller, bytesBySha256);
        return saved(smaller, withoutInputFiles);
      } catch (error) {
        logger.error("The service record could not be saved", error);
        return { saved: false, reason: storageFailureReason(error) };
      }
    },
    list: async () => (await listWithUnreadable()).records,
    listWithUnreadable,
    async get(id) {
      try {
        const { summaries, unreadableIds } = await readSummaries([id]);
        unreadable = null;
        return { record: summaries[0] ?? null, readFailure: null, unreadableHere: unreadableIds.length > 0 };
      } catch (error) {
        logger.error("The service record could not be read", error);
        unreadable = storageFailureReason(error);
        return { record: null, readFailure: unreadable, unreadableHere: false };
      }
    },
    rowsOf,
    async wholeRecords() {
      const { summaries, unreadableIds } = await readSummaries();
      const pageKeys = (await database.keys()).filter((key) => key.startsWith("rows:"));
      const found: WholeRecords = { records: [], unreadRows: [], unreadableCount: unreadableIds.length };
      for (const summary of newestFirst(summaries)) {
        const record = await whole(summary, pageKeys);
        found.records.push(record);
        const rowCount = recordRowParts.reduce(
          (missing, part) => missing + summary.rowCounts[part] - record[part].length,
          0,
        );
        if (rowCount > 0) found.unreadRows.push({ record: summary, rowCount });
      }
      return found;
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
      for (const record of records) entries.push(...storedEntriesOf(record));
      for (const [sha256, bytes] of bytesBySha256) entries.push([bytesKey(sha256), storedBytesOf(bytes)]);
      if (entries.length > 0) await database.setMany(entries);
    },
    async remove(id) {
      await database.deleteChosen(recordKeyPrefix, (storedRecords, storedKeys) =>
        keysDeletedWithRecord(id, storedRecords, storedKeys),
      );
      storedWhole.delete(id);
    },
    async removeUnreadable() {
      let removedCount = 0;
      // Chosen in the transaction: a record another tab stores meanwhile under one of these ids is read as it is.
      await database.deleteChosen(recordKeyPrefix, (storedRecords, storedKeys) => {
        const unreadableIds = [...storedRecords]
          .filter(([, value]) => parsedStoredRecord(value) === null)
          .map(([key]) => key.slice(recordKeyPrefix.length));
        removedCount = unreadableIds.length;
        return unreadableIds.flatMap((id) => storedKeysOfRecord(storedKeys, id));
      });
      return removedCount;
    },
  };
}

export const getServiceRecordStore = onFirstUse(() => {
  const { database, storage } = recordsDatabase(openKeyValueStore("technician-toolbox-records", "service-records"));
  return createServiceRecordStore(database, storage);
});
