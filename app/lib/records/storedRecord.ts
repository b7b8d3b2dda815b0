/**
 * A service record as it is stored, under keys of one key-value store: its summary under `record:{id}`, its long
 * lists (rewritten and added codes, confirmed problems) a page of rows at a time under `rows:{id}:{part}:{page}`,
 * and the bytes it keeps under `bytes:{sha256}`, so the same file in ten records is kept once. Listing the records
 * and opening one read the summary and the page shown, never 100,000 rows. Records stored whole by older
 * versions are still read.
 */
import { z } from "zod";
import { recordRowsPerPage } from "./recordPages";
import {
  keptSha256sOf,
  recordRowParts,
  recordRowSchemas,
  serviceRecordSchema,
  serviceRecordSummarySchema,
  summaryOf,
  tidiedLabel,
  type RecordRow,
  type RecordRowPart,
  type ServiceRecord,
  type ServiceRecordSummary,
} from "./serviceRecord";

export const recordKeyPrefix = "record:";
export const recordKey = (id: string) => `${recordKeyPrefix}${id}`;
export const bytesKey = (sha256: string) => `bytes:${sha256}`;
export const rowPageKey = (id: string, part: RecordRowPart, page: number) => `rows:${id}:${part}:${page}`;
/** Where a record's row pages are: the keys stored, never its counts (a damaged count would reach millions). */
const rowPagePrefix = (id: string) => `rows:${id}:`;

/**
 * More rows than any set brings (the device limit keeps a set far below): a count above it is damage, and
 * trusting it would make the backup, the export and a delete count to a trillion.
 */
const mostRowsOfAPart = 10_000_000;

/** How a summary is stored: with the size of the pages its rows are stored in (the size this version writes). */
export const storedSummarySchema = serviceRecordSummarySchema.extend({
  rowCounts: z.object({
    rewritten: z.number().int().nonnegative().max(mostRowsOfAPart),
    added: z.number().int().nonnegative().max(mostRowsOfAPart),
    confirmedProblems: z.number().int().nonnegative().max(mostRowsOfAPart),
  }),
  rowsPerStoredPage: z.literal(recordRowsPerPage),
});

/**
 * The page numbers of a part among a record's stored page keys, in order. Only a key that is exactly
 * `rows:{id}:{part}:{page}` counts, so record "a" never takes the pages of a record "a:b".
 */
export function storedPageNumbers(pageKeys: readonly string[], id: string, part: RecordRowPart): number[] {
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
export function storedKeysOfRecord(storedKeys: readonly string[], id: string): string[] {
  const pageKeys = recordRowParts.flatMap((part) =>
    storedPageNumbers(storedKeys, id, part).map((page) => rowPageKey(id, part, page)),
  );
  return [recordKey(id), ...pageKeys];
}

/** The record's summary and its long lists in pages, as stored. */
export function storedEntriesOf(record: ServiceRecord): [string, unknown][] {
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

/**
 * Bytes as stored: an ArrayBuffer of their own (a view's buffer may hold more), which every engine keeps
 * (WebKit refuses a File or Blob in some contexts).
 */
export function storedBytesOf(bytes: Uint8Array<ArrayBuffer>): ArrayBuffer {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes.buffer
    : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
}

/** A stored record's summary, and the record itself where an older version stored it whole; null if damaged. */
export function parsedStoredRecord(value: unknown): { summary: ServiceRecordSummary; whole?: ServiceRecord } | null {
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

/** Stored pages of one of a record's long lists, each parsed: null where it is gone or damaged. */
export function parsedStoredPages<Part extends RecordRowPart>(
  part: Part,
  pages: readonly unknown[],
): (RecordRow<Part>[] | null)[] {
  const pageSchema = z.array(recordRowSchemas[part] as unknown as z.ZodType<RecordRow<Part>>);
  return pages.map((page) => {
    const parsed = pageSchema.safeParse(page);
    return parsed.success ? parsed.data : null;
  });
}

/**
 * The keys a delete of a record takes, chosen from the stored summaries and keys: its summary, its pages, and the
 * bytes no other record refers to.
 */
export function keysDeletedWithRecord(
  id: string,
  storedRecords: ReadonlyMap<string, unknown>,
  storedKeys: readonly string[],
): string[] {
  const stillKept = new Set<string>();
  let removed: ServiceRecordSummary | null = null;
  for (const [key, value] of storedRecords) {
    const summary = parsedStoredRecord(value)?.summary ?? null;
    if (key === recordKey(id)) removed = summary;
    else if (summary) keptSha256sOf(summary).forEach((sha256) => stillKept.add(sha256));
  }
  const unreferenced = removed ? keptSha256sOf(removed).filter((sha256) => !stillKept.has(sha256)) : [];
  return [...storedKeysOfRecord(storedKeys, id), ...[...new Set(unreferenced)].map(bytesKey)];
}
