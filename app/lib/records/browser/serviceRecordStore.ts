/**
 * The service records, kept in the browser (IndexedDB, a database of their
 * own, so deleting files never touches them). A record is stored with the
 * bytes it refers to in one transaction; bytes are stored under their SHA-256,
 * so the same file in ten records is kept once, and deleting a record deletes
 * only bytes no other record refers to.
 *
 * Nothing here throws into a download: adding answers whether the record was
 * saved and, if not, why. Nothing here throws into a screen either: where the
 * browser refuses to open or read the store, the records last as long as the
 * tab, and storage() says why.
 *
 * A record's long lists (rewritten and added codes, confirmed problems) are stored beside it a page of
 * rows at a time: listing the records and opening one read the record's summary and the page shown, never
 * 100,000 rows. Records stored whole by older versions are still read.
 *
 * Bytes are stored as ArrayBuffers, which every engine keeps (WebKit refuses a
 * File or Blob in some contexts); records stored as Uint8Arrays are still read.
 */
import { delMany, getMany, keys, promisifyRequest, setMany, type UseStore } from "idb-keyval";
import type { ParameterSet } from "~/lib/merger/parameterSet";
import { logger } from "~/lib/shell/logger";
import { z } from "zod";
import {
  keptSha256sOf,
  newestFirst,
  recordRowParts,
  recordRowSchemas,
  serviceRecordSchema,
  serviceRecordSummarySchema,
  summaryOf,
  tidiedLabel,
  withoutInputBytes,
  type RecordHead,
  type RecordRow,
  type RecordRowPart,
  type ServiceRecord,
  type ServiceRecordSummary,
} from "~/lib/records/serviceRecord";
import { recordRowsPerPage } from "~/lib/records/recordPages";
import { recordsReloadLoss } from "~/lib/records/backupReminder";
import { tellHeldOnlyInTab } from "~/lib/shell/browser/heldOnlyInTab";
import { onFirstUse, openKeyValueStore } from "~/lib/shell/browser/indexedDb";
import { pauseEvery } from "~/lib/shell/browser/pauseEvery";
import { keepStorageForGood } from "~/lib/merger/browser/storagePersistence";
import { storageFailureReason } from "~/lib/shell/storageFailure";

/** The few key-value operations the store needs: IndexedDB in the browser, a Map in tests or without IndexedDB. */
export interface RecordDatabase {
  keys(): Promise<string[]>;
  getMany(keys: readonly string[]): Promise<unknown[]>;
  setMany(entries: readonly [string, unknown][]): Promise<void>;
  delMany(keys: readonly string[]): Promise<void>;
  /**
   * In one transaction: reads the values of the keys that start with `valuesUnder` and every key, then deletes the
   * keys `chosen` picks. Another tab's change lands wholly before or after, never between the reading and the
   * deleting (a record stored in between would lose bytes the delete took for nobody's).
   */
  deleteChosen(
    valuesUnder: string,
    chosen: (valuesByKey: ReadonlyMap<string, unknown>, keys: readonly string[]) => string[],
  ): Promise<void>;
}

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

/** Rows [from, to) of one of a record's long lists. */
export interface RecordRowRange {
  from: number;
  to: number;
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

export type RecordStorage = { stored: true } | { stored: false; reason: string };

export interface RecordInputFiles {
  files: { path: string; setOverride: ParameterSet | null; bytes: ArrayBuffer }[];
  gonePaths: string[];
}

const recordKeyPrefix = "record:";
const recordKey = (id: string) => `${recordKeyPrefix}${id}`;
const bytesKey = (sha256: string) => `bytes:${sha256}`;
const rowPageKey = (id: string, part: RecordRowPart, page: number) => `rows:${id}:${part}:${page}`;

/**
 * More rows than any set brings (the device limit keeps a set far below): a count above it is damage, and
 * trusting it would make the backup, the export and a delete count to a trillion.
 */
const mostRowsOfAPart = 10_000_000;

/** How a summary is stored: with the size of the pages its rows are stored in (the size this version writes). */
const storedSummarySchema = serviceRecordSummarySchema.extend({
  rowCounts: z.object({
    rewritten: z.number().int().nonnegative().max(mostRowsOfAPart),
    added: z.number().int().nonnegative().max(mostRowsOfAPart),
    confirmedProblems: z.number().int().nonnegative().max(mostRowsOfAPart),
  }),
  rowsPerStoredPage: z.literal(recordRowsPerPage),
});

/** Where a record's row pages are: the keys stored, never its counts (a damaged count would reach millions). */
const rowPagePrefix = (id: string) => `rows:${id}:`;
/** Records read from storage in one request when the list is read: tens of milliseconds of work each (docs/performance.md). */
const summariesPerRead = 500;

/**
 * The page numbers of a part among a record's stored page keys, in order. Only a key that is exactly
 * `rows:{id}:{part}:{page}` counts, so record "a" never takes the pages of a record "a:b".
 */
function storedPageNumbers(pageKeys: readonly string[], id: string, part: RecordRowPart): number[] {
  const prefix = `${rowPagePrefix(id)}${part}:`;
  return pageKeys
    .filter((key) => key.startsWith(prefix) && /^\d{1,15}$/.test(key.slice(prefix.length)))
    .map((key) => Number(key.slice(prefix.length)))
    .sort((a, b) => a - b);
}

/**
 * The keys of a record's summary and of its row pages among the stored keys: the pages stored, whatever its counts
 * say (a record stored whole has none, a damaged one may have any).
 */
function storedKeysOfRecord(storedKeys: readonly string[], id: string): string[] {
  const pageKeys = recordRowParts.flatMap((part) =>
    storedPageNumbers(storedKeys, id, part).map((page) => rowPageKey(id, part, page)),
  );
  return [recordKey(id), ...pageKeys];
}

/** The record's summary and its long lists in pages, as stored. */
function storedEntriesOf(record: ServiceRecord): [string, unknown][] {
  const entries: [string, unknown][] = [
    [recordKey(record.id), { ...summaryOf(record), rowsPerStoredPage: recordRowsPerPage }],
  ];
  for (const part of recordRowParts) {
    const rows: readonly unknown[] = record[part];
    for (let from = 0; from < rows.length; from += recordRowsPerPage) {
      entries.push([rowPageKey(record.id, part, from / recordRowsPerPage), rows.slice(from, from + recordRowsPerPage)]);
    }
  }
  return entries;
}

/** The bytes alone, as an ArrayBuffer of their own (a view's buffer may hold more). */
function bufferOf(bytes: Uint8Array<ArrayBuffer>): ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes.buffer
    : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

export function createServiceRecordStore(
  database: RecordDatabase,
  storage: () => RecordStorage = () => ({ stored: true }),
): ServiceRecordStore {
  // Why the records could not be read the last time; they are then none, never a crash.
  let unreadable: string | null = null;
  // Records an older version stored whole, as read: their rows are not in pages. Every other record's are.
  const storedWhole = new Map<string, ServiceRecord>();

  /** A stored record's summary, and the record itself where an older version stored it whole; null if damaged. */
  function parsedStoredRecord(value: unknown): { summary: ServiceRecordSummary; whole?: ServiceRecord } | null {
    const paged = storedSummarySchema.safeParse(value);
    // Labels as this version keeps them: a record stored before labels were tidied may hold a direction
    // override, which would dress "Unit 7" up as "7 tinU" in every list and report.
    if (paged.success) {
      // The page size is this version's (the schema says so): the summary goes on without it.
      const summary: ServiceRecordSummary & { rowsPerStoredPage?: number } = {
        ...paged.data,
        label: tidiedLabel(paged.data.label),
      };
      delete summary.rowsPerStoredPage;
      return { summary };
    }
    const parsedWhole = serviceRecordSchema.safeParse(value);
    if (!parsedWhole.success) return null;
    const whole = { ...parsedWhole.data, label: tidiedLabel(parsedWhole.data.label) };
    return { summary: summaryOf(whole), whole };
  }

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

  /** The given pages of one of a record's long lists, each parsed: null where it is gone or damaged. */
  async function pagesOf<Part extends RecordRowPart>(
    id: string,
    part: Part,
    pageNumbers: readonly number[],
  ): Promise<(RecordRow<Part>[] | null)[]> {
    const pages = await database.getMany(pageNumbers.map((page) => rowPageKey(id, part, page)));
    const pageSchema = z.array(recordRowSchemas[part] as unknown as z.ZodType<RecordRow<Part>>);
    return pages.map((page) => {
      const parsed = pageSchema.safeParse(page);
      return parsed.success ? parsed.data : null;
    });
  }

  async function rowsOf<Part extends RecordRowPart>(
    record: ServiceRecordSummary,
    part: Part,
    { from, to }: RecordRowRange,
  ): Promise<RecordRow<Part>[]> {
    const wanted = { from: Math.max(0, from), to: Math.min(to, record.rowCounts[part]) };
    if (wanted.to <= wanted.from) return [];
    const whole = storedWhole.get(record.id);
    if (whole) return whole[part].slice(wanted.from, wanted.to) as RecordRow<Part>[];
    const firstPage = Math.floor(wanted.from / recordRowsPerPage);
    const lastPage = Math.floor((wanted.to - 1) / recordRowsPerPage);
    const pageNumbers = Array.from({ length: lastPage - firstPage + 1 }, (_, offset) => firstPage + offset);
    const pages = await pagesOf(record.id, part, pageNumbers);
    return pages.flatMap((page, index) => {
      const pageNumber = pageNumbers[index]!;
      if (!page) {
        logger.warn(`Skipped an unreadable page of a service record (${record.id}, ${part} ${pageNumber})`);
        return [];
      }
      const pageStart = pageNumber * recordRowsPerPage;
      return page.slice(Math.max(0, wanted.from - pageStart), wanted.to - pageStart);
    });
  }

  /**
   * Every row of a record, read from the pages that are stored: a missing page leaves its rows out (the
   * caller counts them), and a count that is damaged costs nothing, however large it says it is.
   */
  async function whole(record: ServiceRecordSummary, pageKeys: readonly string[]): Promise<ServiceRecord> {
    const { rowCounts, ...head } = record;
    const stored = storedWhole.get(record.id);
    if (stored) return stored;
    let unreadablePages = 0;
    async function rowsOfPart<Part extends RecordRowPart>(part: Part): Promise<RecordRow<Part>[]> {
      const lastPage = Math.ceil(rowCounts[part] / recordRowsPerPage) - 1;
      const pageNumbers = storedPageNumbers(pageKeys, record.id, part).filter((page) => page <= lastPage);
      const pages = await pagesOf(record.id, part, pageNumbers);
      return pages.flatMap((page, index) => {
        if (page) return page.slice(0, rowCounts[part] - pageNumbers[index]! * recordRowsPerPage);
        unreadablePages += 1;
        return [];
      });
    }
    const rewritten = await rowsOfPart("rewritten");
    const added = await rowsOfPart("added");
    const confirmedProblems = await rowsOfPart("confirmedProblems");
    if (unreadablePages > 0)
      logger.warn(`Skipped ${unreadablePages} unreadable pages of a service record (${record.id})`);
    return { ...head, rewritten, added, confirmedProblems };
  }

  async function put(record: ServiceRecord, bytesBySha256: ReadonlyMap<string, Uint8Array<ArrayBuffer>>) {
    const entries = storedEntriesOf(record);
    for (const sha256 of new Set(keptSha256sOf(record))) {
      const bytes = bytesBySha256.get(sha256);
      if (!bytes) throw new Error(`the bytes with SHA-256 ${sha256} were not given`);
      entries.push([bytesKey(sha256), bufferOf(bytes)]);
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
      for (const [sha256, bytes] of bytesBySha256) entries.push([bytesKey(sha256), bufferOf(bytes)]);
      if (entries.length > 0) await database.setMany(entries);
    },
    async remove(id) {
      await database.deleteChosen(recordKeyPrefix, (storedRecords, storedKeys) => {
        const stillKept = new Set<string>();
        let removed: ServiceRecordSummary | null = null;
        for (const [key, value] of storedRecords) {
          const summary = parsedStoredRecord(value)?.summary ?? null;
          if (key === recordKey(id)) removed = summary;
          else if (summary) keptSha256sOf(summary).forEach((sha256) => stillKept.add(sha256));
        }
        const unreferenced = removed ? keptSha256sOf(removed).filter((sha256) => !stillKept.has(sha256)) : [];
        return [...storedKeysOfRecord(storedKeys, id), ...[...new Set(unreferenced)].map(bytesKey)];
      });
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

export function indexedDbRecords(store: UseStore): RecordDatabase {
  return {
    keys: async () => (await keys(store)).map(String),
    getMany: (wanted) => getMany([...wanted], store),
    setMany: (entries) => setMany([...entries], store),
    delMany: (gone) => delMany([...gone], store),
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
    delMany: async (gone) => gone.forEach((key) => values.delete(key)),
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
function recordsDatabase(store: UseStore | null): { database: RecordDatabase; storage: () => RecordStorage } {
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
      delMany: async (gone) => changed(await (await open()).delMany(gone)),
      deleteChosen: async (valuesUnder, chosen) => changed(await (await open()).deleteChosen(valuesUnder, chosen)),
    },
    storage: () => storage,
  };
}

export const getServiceRecordStore = onFirstUse(() => {
  const { database, storage } = recordsDatabase(openKeyValueStore("technician-toolbox-records", "service-records"));
  return createServiceRecordStore(database, storage);
});
